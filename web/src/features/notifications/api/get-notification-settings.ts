import { type NotificationSettingsAnswer, notificationSettingsAnswer } from "@bm/shared";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

/** Where the member's notice settings (the e-mail's kinds, their devices, the push key) are cached. */
export const notificationKeys = {
  settings: () => ["notifications", "settings"] as const,
  /** Every change of the settings, for counting those still on their way. */
  changes: () => ["notifications", "change"] as const,
};

export function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettingsAnswer> {
  return api.get("/api/user/notifications", notificationSettingsAnswer, signal);
}

export function notificationSettingsQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.settings(),
    queryFn: ({ signal }) => getNotificationSettings(signal),
  });
}

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}

/** Every settings answer is the whole of them: the latest replaces what is held, unless a change is still on its way after it. */
export function keepSettings(client: QueryClient, answer: NotificationSettingsAnswer): void {
  if (client.isMutating({ mutationKey: notificationKeys.changes() }) <= 1)
    client.setQueryData(notificationKeys.settings(), answer);
}
