import {
  CODE_LENGTH,
  CODE_TTL_MINUTES,
  isValidCode,
  looksLikeEmail,
  Messages,
  REFERRAL_SIGNUP_CREDITS,
  RESEND_COOLDOWN_SECONDS,
  sanitizeCodeInput,
} from "@bm/shared";
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { Button } from "../../../components/ui/button";
import { Sigil } from "../../../components/ui/sigil";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { paths } from "../../../config/paths";
import { ApiError, messageOf } from "../../../lib/api";
import { cn } from "../../../lib/cn";
import { secondsUntil, useNow } from "../../../lib/time";
import { sendCode } from "../api/send-code";
import { verifyCode } from "../api/verify-code";
import { refreshUser } from "../stores/auth-store";

type Step = "email" | "code";

/** The two-step entry: e-mail, then the six-digit code. Also rendered in place of protected pages. */
export function EntryPortal() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const referralCode = searchParams.get("ref")?.trim() || null;

  const [step, setStep] = useState<Step>("email");
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [resendAt, setResendAt] = useState(0);
  const codeInputRef = useRef<HTMLInputElement>(null);
  const emailInputRef = useRef<HTMLInputElement>(null);

  const referralAnnounced = useRef(false);
  useEffect(() => {
    if (!referralCode || referralAnnounced.current) return;
    referralAnnounced.current = true;
    toast({
      title: "Invitation Recognised",
      description: `You were summoned by a member. ${REFERRAL_SIGNUP_CREDITS} MPC credits are awarded on signup.`,
    });
  }, [referralCode]);

  const now = useNow(1000, step === "code");
  // `now` may lag a tick behind a fresh send; the countdown never shows more than the cooldown.
  const resendIn = Math.min(RESEND_COOLDOWN_SECONDS, secondsUntil(resendAt, now));

  useEffect(() => {
    if (step === "code") codeInputRef.current?.focus();
  }, [step]);

  async function requestCode(): Promise<boolean> {
    setSending(true);
    try {
      await sendCode({ email: email.trim() });
      setResendAt(Date.now() + RESEND_COOLDOWN_SECONDS * 1000);
      return true;
    } catch (error) {
      if (error instanceof ApiError) {
        toast({
          title: "Failed to Send Code",
          description: messageOf(error, "The mystical forces are disrupted"),
          variant: "destructive",
        });
      } else {
        toast({
          title: "Connection Lost",
          description: "Unable to send verification code. Try again...",
          variant: "destructive",
        });
      }
      return false;
    } finally {
      setSending(false);
    }
  }

  async function onSubmitEmail(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    if (!looksLikeEmail(email)) {
      toast({ title: "Invalid Email", description: Messages.invalidEmail, variant: "destructive" });
      emailInputRef.current?.focus();
      return;
    }
    if (await requestCode()) {
      setCode("");
      setStep("code");
      toast({ title: "Code Sent", description: `Check ${email.trim()} for your ${CODE_LENGTH}-digit code.` });
    }
  }

  async function onResend() {
    if (resendIn > 0 || sending) return;
    if (await requestCode()) {
      toast({ title: "Code Sent", description: "A fresh code is on its way. The old one no longer works." });
      codeInputRef.current?.focus();
    }
  }

  function onChangeEmail() {
    setCode("");
    setStep("email");
    setResendAt(0);
  }

  async function onSubmitCode(event: FormEvent) {
    event.preventDefault();
    if (verifying) return;
    if (!isValidCode(code)) {
      toast({ title: "Invalid Code", description: Messages.invalidCode, variant: "destructive" });
      codeInputRef.current?.focus();
      return;
    }
    setVerifying(true);
    try {
      const answer = await verifyCode({ email: email.trim(), code, referralCode });
      await refreshUser();
      if (answer.referralApplied) {
        toast({
          title: "The House Welcomes You",
          description: `${REFERRAL_SIGNUP_CREDITS} MPC credits have been added to your balance.`,
        });
      }
      navigate(paths.sanctum.href(), { replace: true });
    } catch (error) {
      if (error instanceof ApiError) {
        toast({
          title: "Access Denied",
          description: messageOf(error, Messages.codeRejected),
          variant: "destructive",
        });
      } else {
        toast({
          title: "Connection Lost",
          description: "Unable to verify the code. Try again...",
          variant: "destructive",
        });
      }
      setVerifying(false);
    }
  }

  return (
    <main className="mx-auto flex w-full max-w-lg flex-col items-center px-4 pt-10 pb-16 sm:pt-14">
      <Sigil className="h-16 w-16 sm:h-20 sm:w-20" />
      <p className="eyebrow mt-5">The Entry Portal</p>
      <h1 className="mt-2 text-center text-2xl sm:text-3xl">
        {step === "email" ? "Speak Your Name" : "Present Your Mark"}
      </h1>
      <StepMarks step={step} />

      {referralCode && (
        <div
          role="note"
          className="mt-6 w-full border border-ember/50 bg-[linear-gradient(90deg,rgb(140_26_34/0.25),rgb(217_96_46/0.12))] px-4 py-3 text-center"
        >
          <p className="font-display text-xs tracking-[0.22em] text-gold-bright uppercase">You were summoned</p>
          <p className="mt-1 text-base text-bone">
            A member vouched for you:{" "}
            <strong className="text-gold-bright">{REFERRAL_SIGNUP_CREDITS} MPC credits</strong> are awarded on signup.
          </p>
        </div>
      )}

      <section className="panel mt-6 w-full px-5 py-7 sm:px-8">
        <span className="panel-corners" aria-hidden="true" />
        {step === "email" ? (
          <EmailStep
            email={email}
            onEmailChange={setEmail}
            onSubmit={onSubmitEmail}
            sending={sending}
            inputRef={emailInputRef}
          />
        ) : (
          <form onSubmit={onSubmitCode} noValidate className="flex flex-col gap-5">
            <p className="text-center text-base text-bone-muted">
              A code was sent to <span className="break-all text-bone">{email.trim()}</span>
            </p>
            <CodeField value={code} onChange={setCode} inputRef={codeInputRef} />
            <Button type="submit" disabled={verifying} className="w-full">
              {verifying && <Spinner className="h-4 w-4" />}
              {verifying ? "Entering..." : "Enter"}
            </Button>
            <div className="flex flex-col gap-2 min-[420px]:flex-row min-[420px]:justify-between">
              <Button
                variant="ghost"
                onClick={onResend}
                disabled={resendIn > 0 || sending}
                className="px-2 text-[0.72rem]"
              >
                {resendIn > 0 ? (
                  <>
                    Resend code <span className="normal-case lining-nums tabular-nums">({resendIn}s)</span>
                  </>
                ) : sending ? (
                  "Sending..."
                ) : (
                  "Resend code"
                )}
              </Button>
              <Button variant="ghost" onClick={onChangeEmail} className="px-2 text-[0.72rem]">
                Change email
              </Button>
            </div>
            <aside className="border-l-2 border-gold/40 bg-ink-950/60 px-4 py-3 text-base leading-relaxed text-bone-muted">
              <h2 className="mb-1 font-display text-xs tracking-[0.2em] text-gold uppercase">About your code</h2>
              <ul className="list-none space-y-1">
                <li>
                  The House keeps no passwords. This {CODE_LENGTH}-digit code proves the address is yours and opens the
                  door.
                </li>
                <li>Nothing arrived? Look in your spam or promotions folder.</li>
                <li>The code expires in {CODE_TTL_MINUTES} minutes and works once. A resend replaces the old code.</li>
              </ul>
            </aside>
          </form>
        )}
      </section>

      <p className="mt-8 max-w-sm text-center text-sm italic text-bone-faint">
        Strictly members only. By entering you accept the House rules.
      </p>
    </main>
  );
}

function StepMarks({ step }: { step: Step }) {
  const items: Array<{ key: Step; mark: string; label: string }> = [
    { key: "email", mark: "I", label: "Email" },
    { key: "code", mark: "II", label: "Code" },
  ];
  return (
    <ol className="mt-4 flex items-center gap-3" aria-label="Steps">
      {items.map((item, index) => (
        <li key={item.key} className="flex items-center gap-3" aria-current={item.key === step ? "step" : undefined}>
          {index > 0 && <span aria-hidden="true" className="h-px w-8 bg-gold/40" />}
          <span
            className={cn(
              "font-display text-[0.7rem] tracking-[0.24em] uppercase",
              item.key === step ? "text-gold-bright" : "text-bone-faint",
            )}
          >
            {item.mark} · {item.label}
          </span>
        </li>
      ))}
    </ol>
  );
}

interface EmailStepProps {
  email: string;
  onEmailChange: (value: string) => void;
  onSubmit: (event: FormEvent) => void;
  sending: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
}

function EmailStep({ email, onEmailChange, onSubmit, sending, inputRef }: EmailStepProps) {
  const id = useId();
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <p className="text-center text-base text-bone-muted">
        No passwords. Give the House your e-mail and it will send a {CODE_LENGTH}-digit code to let you in.
      </p>
      <div>
        <label htmlFor={id} className="label">
          Email
        </label>
        <input
          ref={inputRef}
          id={id}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
          className="field"
          value={email}
          onChange={(event) => onEmailChange(event.target.value)}
        />
      </div>
      <Button type="submit" disabled={sending} className="w-full">
        {sending && <Spinner className="h-4 w-4" />}
        {sending ? "Sending..." : "Send Code"}
      </Button>
    </form>
  );
}

interface CodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
}

/** Keeps digits only, at most six, whatever is typed or pasted. */
export function CodeField({ value, onChange, inputRef }: CodeFieldProps) {
  const id = useId();
  const hintId = useId();
  return (
    <div>
      <label htmlFor={id} className="label">
        Verification code
      </label>
      <input
        ref={inputRef}
        id={id}
        name="code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        aria-describedby={hintId}
        placeholder={"·".repeat(CODE_LENGTH)}
        className="field text-center font-display text-2xl tracking-[0.5em] lining-nums tabular-nums placeholder:not-italic placeholder:tracking-[0.5em] sm:text-3xl"
        value={value}
        onChange={(event) => onChange(sanitizeCodeInput(event.target.value))}
      />
      <p id={hintId} className="mt-2 text-center text-sm text-bone-faint">
        {value.length} of {CODE_LENGTH} digits
      </p>
    </div>
  );
}
