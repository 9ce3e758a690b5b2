import { type NoticeChoices, type NotificationSettingsAnswer, notificationSettingsAnswer } from "@bm/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/toast";
import { api, messageOf, titleOf } from "../../../lib/api";
import { keepSettings, notificationKeys } from "./get-notification-settings";

export function saveEmailNotices(choices: NoticeChoices): Promise<NotificationSettingsAnswer> {
  return api.put("/api/user/notifications/email", choices, notificationSettingsAnswer);
}

/**
 * The e-mail's kinds, saved as each box is ticked: the box changes at once, the saves go one after
 * another (a later one carries every box as it then stood), and a refusal puts the box back.
 */
export function useSaveEmailNotices() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...notificationKeys.changes(), "email"],
    scope: { id: "notices:email" },
    mutationFn: saveEmailNotices,
    onMutate: async (choices) => {
      await client.cancelQueries({ queryKey: notificationKeys.settings() });
      const before = client.getQueryData<NotificationSettingsAnswer>(notificationKeys.settings());
      if (before) client.setQueryData(notificationKeys.settings(), { ...before, email: choices });
      return { before: before?.email };
    },
    onSuccess: (answer) => keepSettings(client, answer),
    onError: (error, _choices, context) => {
      const before = context?.before;
      if (before)
        client.setQueryData<NotificationSettingsAnswer>(notificationKeys.settings(), (held) =>
          held ? { ...held, email: before } : held,
        );
      toast({
        title: titleOf(error, "Not Saved"),
        description: messageOf(error, "Your e-mail notices could not be saved. Try again."),
        variant: "destructive",
      });
    },
  });
}
