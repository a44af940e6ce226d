/// <reference types="@remix-run/node" />

// Single fetch is on (remix.config.js); this makes loader and action types follow it.
declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
