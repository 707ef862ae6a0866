"use client";

import { useEffect } from "react";

const KEY = "sps-session-refreshed-at";
const INTERVAL_MS = 60 * 60 * 1000;

/**
 * Keeps an active person's session alive: at most once an hour, ask the server to slide the session's
 * expiry (it does so at most once a day) and re-issue the cookie.
 */
export function SessionKeepAlive() {
  useEffect(() => {
    const last = Number(sessionStorage.getItem(KEY) ?? 0);
    if (Date.now() - last < INTERVAL_MS) return;
    sessionStorage.setItem(KEY, String(Date.now()));
    void fetch("/api/session/refresh", { method: "POST", headers: { "x-requested-with": "fetch" }, credentials: "same-origin" }).catch(() => {});
  }, []);
  return null;
}
