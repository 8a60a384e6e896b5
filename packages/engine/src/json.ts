/** Everything in a situation is plain JSON so it can be stored, sent and compared as is. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };
