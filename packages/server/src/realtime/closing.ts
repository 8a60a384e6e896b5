/** Socket.IO servers whose app is closing (socket.ts onClose): table broadcasts stop (tableBroadcast.ts). */
export const closingServers = new WeakSet<object>();
