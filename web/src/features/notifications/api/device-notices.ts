import {
  type NoticeChoices,
  type NotificationSettingsAnswer,
  notificationSettingsAnswer,
  type PushEndpointBody,
  type PushKindsBody,
  type PushSubscribeBody,
} from "@bm/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/toast";
import { ApiError, api, messageOf, titleOf } from "../../../lib/api";
import { keepSettings, notificationKeys } from "./get-notification-settings";

/** Tells the server this browser's push subscription, the kinds it wants and a name for it. */
export function addDevice(body: PushSubscribeBody): Promise<NotificationSettingsAnswer> {
  return api.post("/api/user/notifications/push", body, notificationSettingsAnswer);
}

/** A device's kinds, named by its endpoint. */
export function saveDeviceNotices(body: PushKindsBody): Promise<NotificationSettingsAnswer> {
  return api.put("/api/user/notifications/push", body, notificationSettingsAnswer);
}

/** Forgets a device (this one after it unsubscribed, or another the member no longer uses). */
export function removeDevice(body: PushEndpointBody): Promise<NotificationSettingsAnswer> {
  return api.post("/api/user/notifications/push/remove", body, notificationSettingsAnswer);
}

/** The server no longer knows the device (removed from another of the member's pages): its list is read again. */
export const deviceGone = (error: unknown) => error instanceof ApiError && error.status === 404;

const withDeviceKinds = (settings: NotificationSettingsAnswer, endpoint: string, kinds: NoticeChoices) => ({
  ...settings,
  devices: settings.devices.map((device) => (device.endpoint === endpoint ? { ...device, kinds } : device)),
});

/** One device's kinds, saved as each box is ticked (as the e-mail's are: see save-email-notices.ts). */
export function useSaveDeviceNotices(endpoint: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...notificationKeys.changes(), "device"],
    scope: { id: `notices:${endpoint}` },
    mutationFn: (kinds: NoticeChoices) => saveDeviceNotices({ endpoint, kinds }),
    onMutate: async (kinds) => {
      await client.cancelQueries({ queryKey: notificationKeys.settings() });
      const before = client.getQueryData<NotificationSettingsAnswer>(notificationKeys.settings());
      if (before) client.setQueryData(notificationKeys.settings(), withDeviceKinds(before, endpoint, kinds));
      return { before: before?.devices.find((device) => device.endpoint === endpoint)?.kinds };
    },
    onSuccess: (answer) => keepSettings(client, answer),
    onError: (error, _kinds, context) => {
      const before = context?.before;
      if (before)
        client.setQueryData<NotificationSettingsAnswer>(notificationKeys.settings(), (held) =>
          held ? withDeviceKinds(held, endpoint, before) : held,
        );
      if (deviceGone(error)) void client.invalidateQueries({ queryKey: notificationKeys.settings() });
      toast({
        title: titleOf(error, "Not Saved"),
        description: messageOf(error, "This device's notices could not be saved. Try again."),
        variant: "destructive",
      });
    },
  });
}

/** Another device taken off the list. */
export function useRemoveDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...notificationKeys.changes(), "remove"],
    mutationFn: (endpoint: string) => removeDevice({ endpoint }),
    onSuccess: (answer) => keepSettings(client, answer),
    onError: (error) => {
      // Already gone (removed from another page): what the member wanted holds; the list is read again.
      if (deviceGone(error)) return void client.invalidateQueries({ queryKey: notificationKeys.settings() });
      toast({
        title: titleOf(error, "Not Removed"),
        description: messageOf(error, "The device could not be removed. Try again."),
        variant: "destructive",
      });
    },
  });
}
