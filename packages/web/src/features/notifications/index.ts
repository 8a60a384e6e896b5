/** Browser notifications (web push): the opt-in control the home page shows. Other features import it from here. */
export { NotificationOptIn } from "./NotificationOptIn";
