// `npm run dev`: the server restarting on change (tsx watch) and Vite's dev server with hot reload.
// Open http://localhost:5173; Vite proxies /api and /socket.io to the server on :3000. PUBLIC_URL makes
// the printed registration link point at Vite and lets the Origin check accept it.
import concurrently from "concurrently";

const { result } = concurrently(
  [
    {
      name: "server",
      command: "node --import tsx --watch packages/server/src/main.ts",
      env: { SERVER_ENV: "dev", PUBLIC_URL: "http://localhost:5173" },
    },
    { name: "web", command: "npm run dev -w packages/web" },
  ],
  { killOthersOn: ["failure"], prefixColors: ["blue", "green"] },
);
result.catch(() => process.exit(1));
