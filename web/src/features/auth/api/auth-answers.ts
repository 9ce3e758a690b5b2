/**
 * The schemas of the entry's answers, in a chunk of their own: zod loads beside the first request
 * instead of before the first paint (the front pages' first-load budget).
 */
export { authUser, messageAnswer, verifyCodeAnswer } from "@bm/shared";
