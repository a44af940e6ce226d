/**
 * HTTP requests with a chosen Host header (fetch cannot set Host: it is a forbidden header),
 * so tests and benchmarks can address acme.localhost:PORT on 127.0.0.1. No redirects followed.
 */
import http from "node:http";

export interface HostResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  location: string | null;
  /** The first Set-Cookie as `name=value`, or null. */
  cookie: string | null;
  text: string;
}

export function hostRequest(
  port: number,
  options: {
    host: string;
    path?: string;
    method?: string;
    headers?: Record<string, string>;
    form?: Record<string, string | string[]>;
    json?: unknown;
    body?: string;
  },
): Promise<HostResponse> {
  // A list value repeats its field (name=a&name=b). `body` is sent as it is (e.g. broken JSON),
  // as JSON unless `headers` give another content-type.
  const body =
    options.body !== undefined
      ? options.body
      : options.json !== undefined
        ? JSON.stringify(options.json)
        : options.form
          ? new URLSearchParams(Object.entries(options.form).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : [[k, v]]))).toString()
          : undefined;
  const contentType = options.form && options.body === undefined && options.json === undefined ? "application/x-www-form-urlencoded" : "application/json";
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: options.path ?? "/",
        method: options.method ?? (body !== undefined ? "POST" : "GET"),
        headers: {
          host: options.host,
          ...(body !== undefined ? { "content-type": contentType, "content-length": Buffer.byteLength(body) } : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => {
          const setCookie = res.headers["set-cookie"]?.[0];
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            location: (res.headers.location as string | undefined) ?? null,
            cookie: setCookie ? setCookie.split(";")[0] : null,
            text: Buffer.concat(chunks).toString("utf8"),
          });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}
