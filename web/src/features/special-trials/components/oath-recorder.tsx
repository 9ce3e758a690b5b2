import { CHALLENGE_REDIRECT_DELAY_MS, OATH_AUDIO_MAX_BYTES, SpecialTrialMessages } from "@bm/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { paths } from "../../../config/paths";
import { messageOf, titleOf } from "../../../lib/api";
import { reportIfSessionExpired } from "../../../lib/session-expiry";
import { refreshChallenges, useSealOath } from "../api/seal";
import { clockOf, readAsDataUrl, specialCopy } from "../lib/special-copy";

type Stage = "idle" | "recording" | "recorded" | "submitted";

/** Lets go of the microphone. */
function release(stream: { current: MediaStream | null }): void {
  for (const track of stream.current?.getTracks() ?? []) track.stop();
  stream.current = null;
}

/** A spoken oath runs at most this long: far under the 5 MB the House keeps. */
const MAX_SECONDS = 5 * 60;

/**
 * The oath (spec 001 section 4): idle, recording (a timer and a stop button), recorded (a dialog
 * to seal it, listen to it, or cancel and record again), submitted. The recording is audio/webm
 * from the browser's MediaRecorder.
 */
export function OathRecorder({ slug }: { slug: string }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const sealing = useSealOath(slug);
  const [stage, setStage] = useState<Stage>("idle");
  const [seconds, setSeconds] = useState(0);
  const [recording, setRecording] = useState<{ blob: Blob; url: string } | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);

  // Leaving the page stops the microphone and forgets the recording.
  useEffect(
    () => () => {
      if (recorder.current?.state === "recording") recorder.current.stop();
      release(stream);
    },
    [],
  );
  useEffect(() => () => (recording ? URL.revokeObjectURL(recording.url) : undefined), [recording]);

  useEffect(() => {
    if (stage !== "recording") return;
    const started = performance.now();
    const timer = setInterval(() => {
      const elapsed = (performance.now() - started) / 1000;
      setSeconds(elapsed);
      if (elapsed >= MAX_SECONDS && recorder.current?.state === "recording") recorder.current.stop();
    }, 250);
    return () => clearInterval(timer);
  }, [stage]);

  // Sealed: on to Harvest Credits after 2 s; the member's standing is asked again on the way out.
  useEffect(() => {
    if (stage !== "submitted") return;
    const timer = setTimeout(() => navigate(paths.earnCredits.href()), CHALLENGE_REDIRECT_DELAY_MS);
    return () => {
      clearTimeout(timer);
      refreshChallenges(client);
    };
  }, [stage, navigate, client]);

  async function start() {
    setRecording(null);
    setSeconds(0);
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      toast({
        title: specialCopy.microphoneErrorTitle,
        description: specialCopy.microphoneError,
        variant: "destructive",
      });
      return;
    }
    stream.current = media;
    // The House keeps audio/webm only (spec section 9): a browser that cannot record it says so.
    const type = ["audio/webm;codecs=opus", "audio/webm"].find(
      (t) => typeof MediaRecorder !== "undefined" && MediaRecorder.isTypeSupported(t),
    );
    if (!type) {
      release(stream);
      toast({ title: specialCopy.errorTitle, description: specialCopy.noWebm, variant: "destructive" });
      return;
    }
    const next = new MediaRecorder(media, { mimeType: type });
    const chunks: Blob[] = [];
    next.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    next.onstop = () => {
      release(stream);
      const blob = new Blob(chunks, { type: "audio/webm" });
      setRecording({ blob, url: URL.createObjectURL(blob) });
      setStage("recorded");
      setReviewing(true);
    };
    recorder.current = next;
    next.start(250);
    setStage("recording");
  }

  function again() {
    setReviewing(false);
    setRecording(null);
    setStage("idle");
  }

  async function seal() {
    if (!recording) return;
    if (recording.blob.size > OATH_AUDIO_MAX_BYTES) {
      toast({ title: specialCopy.errorTitle, description: SpecialTrialMessages.oathTooLarge, variant: "destructive" });
      return;
    }
    const audioRecording = await readAsDataUrl(recording.blob);
    sealing.mutate(
      { answer: "COMPLETE", audioRecording },
      {
        onSuccess: (answer) => {
          setReviewing(false);
          if (!answer.success) {
            toast({
              title: specialCopy.errorTitle,
              description: answer.message,
              variant: "destructive",
              aboutPage: true,
            });
            return;
          }
          toast({
            title: specialCopy.oathRecordedTitle,
            description: specialCopy.oathRecorded(answer.credits),
            aboutPage: true,
          });
          setStage("submitted");
        },
        onError: (cause) => {
          if (reportIfSessionExpired(cause)) return;
          toast({
            title: titleOf(cause, specialCopy.errorTitle),
            description: messageOf(cause, specialCopy.oathFailed),
            variant: "destructive",
            aboutPage: true,
          });
        },
      },
    );
  }

  if (stage === "submitted") {
    return (
      <p role="status" className="border border-gold/40 bg-ink-950/60 px-4 py-3 text-base text-bone">
        Your oath is sealed in the vault. Returning you to Harvest Credits...
      </p>
    );
  }

  return (
    <section aria-label="Record your oath" className="flex flex-col gap-3 border border-gold/20 bg-ink-950/50 p-4">
      <p className="text-base text-bone-muted">
        Begin, speak your oath aloud, then stop. You may listen to it before you seal it.
      </p>
      {stage === "recording" ? (
        <div className="flex flex-wrap items-center gap-4">
          <span className="flex items-center gap-2 text-blood-bright" role="status" aria-live="polite">
            <span aria-hidden="true" className="h-3 w-3 animate-pulse rounded-full bg-blood-bright" />
            Recording{" "}
            <span className="font-mono tabular-nums text-bone" data-testid="oath-timer">
              {clockOf(seconds)}
            </span>
          </span>
          <Button variant="outline" onClick={() => recorder.current?.stop()}>
            Stop recording
          </Button>
        </div>
      ) : stage === "recorded" && recording ? (
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => setReviewing(true)}>Review and seal your oath</Button>
          <Button variant="ghost" onClick={again}>
            Record again
          </Button>
        </div>
      ) : (
        <Button onClick={() => void start()} className="w-full sm:w-auto">
          Begin recording your oath
        </Button>
      )}
      <Dialog
        open={reviewing && recording !== null}
        onOpenChange={(open) => !sealing.isPending && setReviewing(open)}
        title="Seal your oath?"
        description={`Your oath runs ${clockOf(seconds)}. Listen to it, seal it, or cancel and speak it again.`}
      >
        {recording && (
          <div className="flex flex-col gap-4">
            {/* biome-ignore lint/a11y/useMediaCaption: the member's own spoken oath has no captions to offer. */}
            <audio controls src={recording.url} aria-label="Listen to your oath" className="w-full" />
            <div className="flex flex-col gap-2 sm:flex-row-reverse">
              <Button onClick={() => void seal()} disabled={sealing.isPending}>
                {sealing.isPending && <Spinner className="h-4 w-4" />}{" "}
                {sealing.isPending ? "Sealing..." : "Seal the Oath"}
              </Button>
              <Button variant="outline" onClick={again} disabled={sealing.isPending}>
                Cancel and record again
              </Button>
            </div>
          </div>
        )}
      </Dialog>
    </section>
  );
}
