import {
  type AdminLotBidsAnswer,
  adminLotBidsAnswer,
  type BroadcastBody,
  consoleControlAnswer,
  type ExtendLotBody,
  type VoidBidBody,
} from "@bm/shared/admin";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/toast";
import { api } from "../../../lib/api";
import { consoleKeys } from "./get-console";

/**
 * The console's controls, as the server takes them (packages/shared/src/schemas/admin/console-controls.ts):
 * each answers `{message}`; a refusal (404, 409) carries the server's words, which the dialog shows.
 */
export type ConsoleControl =
  | { kind: "pause-lot"; lotId: number }
  | { kind: "resume-lot"; lotId: number }
  | { kind: "pause-hall" }
  | { kind: "resume-hall" }
  | { kind: "extend"; lotId: number; body: ExtendLotBody }
  | { kind: "broadcast"; body: BroadcastBody }
  | { kind: "clear-broadcast" }
  | { kind: "void-bid"; bidId: number; lotId: number; body: VoidBidBody }
  | { kind: "offer-runner-up"; lotId: number };

/** The call a control makes: its method, path and body. */
export function controlRequest(control: ConsoleControl): { method: "POST" | "DELETE"; path: string; body?: unknown } {
  switch (control.kind) {
    case "pause-lot":
      return { method: "POST", path: `/api/admin/lots/${control.lotId}/pause`, body: {} };
    case "resume-lot":
      return { method: "POST", path: `/api/admin/lots/${control.lotId}/resume`, body: {} };
    case "pause-hall":
      return { method: "POST", path: "/api/admin/hall/pause", body: {} };
    case "resume-hall":
      return { method: "POST", path: "/api/admin/hall/resume", body: {} };
    case "extend":
      return { method: "POST", path: `/api/admin/lots/${control.lotId}/extend`, body: control.body };
    case "broadcast":
      return { method: "POST", path: "/api/admin/broadcast", body: control.body };
    case "clear-broadcast":
      return { method: "DELETE", path: "/api/admin/broadcast" };
    case "void-bid":
      return { method: "POST", path: `/api/admin/bids/${control.bidId}/void`, body: control.body };
    case "offer-runner-up":
      return { method: "POST", path: `/api/admin/lots/${control.lotId}/offer-runner-up`, body: {} };
  }
}

function run(control: ConsoleControl) {
  const { method, path, body } = controlRequest(control);
  return method === "DELETE"
    ? api.delete(path, consoleControlAnswer)
    : api.post(path, body ?? {}, consoleControlAnswer);
}

/** One control's call: on success the server's words as a toast and a fresh snapshot; a refusal stays with the caller. */
export function useConsoleControl() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: ({ message }) => toast({ title: "Done", description: message }),
    onSettled: (_answer, _error, control) => {
      void client.invalidateQueries({ queryKey: consoleKeys.snapshot(), exact: true });
      if (control.kind === "void-bid") void client.invalidateQueries({ queryKey: consoleKeys.bids(control.lotId) });
    },
  });
}

/** GET /api/admin/lots/{id}/bids: every bid of the lot, voided ones too, with the member's e-mail. */
export function useLotBids(lotId: number) {
  return useQuery({
    queryKey: consoleKeys.bids(lotId),
    queryFn: ({ signal }): Promise<AdminLotBidsAnswer> =>
      api.get(`/api/admin/lots/${lotId}/bids`, adminLotBidsAnswer, signal),
  });
}
