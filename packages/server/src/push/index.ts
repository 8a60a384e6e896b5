export { loadOrCreateVapidKeys, VAPID_SETTINGS_KEY, type VapidKeys } from "./keys";
export {
  type PushMessage,
  playerJoinedMessage,
  rematchMessage,
  type TableRef,
  tablePath,
  tableStartedMessage,
  yourTurnMessage,
} from "./messages";
export {
  createPushService,
  DEFAULT_VAPID_SUBJECT,
  encodePayload,
  MAX_SUBSCRIPTIONS_PER_USER,
  type NotifyResult,
  type PushConfig,
  type PushLogger,
  type PushService,
} from "./service";
export { endpointProblem, type SubscriptionInput, subscriptionSchema } from "./subscription";
