/** The bell's calls to /api/notifications (app/notifications/ui/notification-bell.tsx, notification-list.tsx). */
import { apiFetch } from "~/auth/api-fetch";

export interface Item {
  id: string;
  text: string;
  link: string | null;
  clientName: string | null;
  createdAt: string;
  read: boolean;
}

export interface Page {
  items: Item[];
  unread: number;
  next: string | null;
}

export async function readJson<T>(response: Response): Promise<T | null> {
  return response.ok ? ((await response.json()) as T) : null;
}

export const post = (body: object) =>
  apiFetch("/api/notifications", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
