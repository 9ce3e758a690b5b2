import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

/** The browser's long-lived device id: opaque, random, httpOnly, set at sign-in when absent. */
export const DEVICE_COOKIE = "bm.device";
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;
/** 400 days: the longest a browser keeps a cookie. */
const DEVICE_MAX_AGE_S = 400 * 24 * 60 * 60;

/**
 * The device id this browser carries, or a new one set on the answer (the fair-play signals read
 * it from the sign-ins: accounts signing in from one browser). It names a browser, nobody in it,
 * and means nothing outside this server; anything that is not an id we could have made is replaced.
 */
export function deviceOf(request: FastifyRequest, reply: FastifyReply): string {
  const carried = request.cookies[DEVICE_COOKIE];
  if (carried && DEVICE_ID.test(carried)) return carried;
  const device = randomBytes(32).toString("base64url");
  reply.setCookie(DEVICE_COOKIE, device, {
    httpOnly: true,
    sameSite: "lax",
    secure: "auto",
    path: "/",
    maxAge: DEVICE_MAX_AGE_S,
  });
  return device;
}
