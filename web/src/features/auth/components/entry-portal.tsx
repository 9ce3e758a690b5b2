import { CODE_LENGTH, isValidCode, looksLikeEmail, Messages, REFERRAL_SIGNUP_CREDITS } from "@bm/shared";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { Sigil } from "../../../components/ui/sigil";
import { toast } from "../../../components/ui/toast";
import { paths } from "../../../config/paths";
import { ApiError, messageOf } from "../../../lib/api";
import { offerPasskeyAfterSignIn } from "../../../stores/passkey-offer-store";
import { useSendCode } from "../api/send-code";
import { useVerifyCode } from "../api/verify-code";
import { usePasskeySignIn } from "../hooks/use-passkey-sign-in";
import { useReferralWelcome } from "../hooks/use-referral-welcome";
import { useResendCountdown } from "../hooks/use-resend-countdown";
import { CodeStep } from "./code-step";
import { EmailStep } from "./email-step";
import { PasskeyButton } from "./passkey-button";
import { ReferralNote } from "./referral-note";
import { type EntryStep, StepMarks } from "./step-marks";

/** The two-step entry: e-mail, then the six-digit code. Also rendered in place of protected pages. */
export function EntryPortal() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const referralCode = searchParams.get("ref")?.trim() || null;
  useReferralWelcome(referralCode);

  const [step, setStep] = useState<EntryStep>("email");
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const send = useSendCode();
  const verify = useVerifyCode();
  const sending = send.isPending;
  // Still "verifying" after success, while the page changes: the button must not come back.
  const verifying = verify.isPending || verify.isSuccess;
  // What is wrong with each field, shown at the field as well as in the toast.
  const [emailError, setEmailError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const countdown = useResendCountdown(step === "code");
  const codeInputRef = useRef<HTMLInputElement>(null);
  const emailInputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (step === "code") codeInputRef.current?.focus();
  }, [step]);

  // From /enter, the Sanctum; shown in place of a protected page (an e-mailed /lot/9), the
  // member stays there and the page itself appears.
  const enter = () => {
    if (pathname === paths.enter.path) navigate(paths.sanctum.href(), { replace: true });
  };
  const passkey = usePasskeySignIn(step === "email", enter);

  async function requestCode(): Promise<boolean> {
    try {
      await send.mutateAsync({ email: email.trim() });
      countdown.start();
      return true;
    } catch (error) {
      if (error instanceof ApiError) {
        const message = messageOf(error, "The mystical forces are disrupted");
        toast({ title: "Failed to Send Code", description: message, variant: "destructive" });
        if (step === "email") setEmailError(message);
      } else {
        toast({
          title: "Connection Lost",
          description: "Unable to send verification code. Try again...",
          variant: "destructive",
        });
      }
      return false;
    }
  }

  async function onSubmitEmail(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    if (!looksLikeEmail(email)) {
      toast({ title: "Invalid Email", description: Messages.invalidEmail, variant: "destructive" });
      setEmailError(Messages.invalidEmail);
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
    if (countdown.resendIn > 0 || sending) return;
    if (await requestCode()) {
      toast({ title: "Code Sent", description: "A fresh code is on its way. The old one no longer works." });
      codeInputRef.current?.focus();
    }
  }

  function onChangeEmail() {
    setCode("");
    setCodeError(null);
    setStep("email");
    countdown.clear();
  }

  async function onSubmitCode(event: FormEvent) {
    event.preventDefault();
    if (verifying) return;
    if (!isValidCode(code)) {
      toast({ title: "Invalid Code", description: Messages.invalidCode, variant: "destructive" });
      setCodeError(Messages.invalidCode);
      codeInputRef.current?.focus();
      return;
    }
    try {
      const answer = await verify.mutateAsync({ email: email.trim(), code, referralCode });
      if (answer.referralApplied) {
        toast({
          title: "The House Welcomes You",
          description: `${REFERRAL_SIGNUP_CREDITS} MPC credits have been added to your balance.`,
        });
      }
      // Signed in by code on this device: a passkey for it may be offered.
      offerPasskeyAfterSignIn();
      enter();
    } catch (error) {
      if (error instanceof ApiError) {
        const message = messageOf(error, Messages.codeRejected);
        toast({ title: "Access Denied", description: message, variant: "destructive" });
        setCodeError(message);
        codeInputRef.current?.focus();
      } else {
        toast({
          title: "Connection Lost",
          description: "Unable to verify the code. Try again...",
          variant: "destructive",
        });
      }
      verify.reset();
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

      {referralCode && <ReferralNote />}

      <section className="panel mt-6 w-full px-5 py-7 sm:px-8">
        <span className="panel-corners" aria-hidden="true" />
        {step === "email" ? (
          <>
            <EmailStep
              email={email}
              onEmailChange={(value) => {
                setEmail(value);
                setEmailError(null);
              }}
              error={emailError}
              onSubmit={onSubmitEmail}
              sending={sending}
              inputRef={emailInputRef}
            />
            {passkey.supported && (
              <PasskeyButton
                pending={passkey.pending}
                refusal={passkey.refusal}
                onClick={() => void passkey.signInWithButton()}
              />
            )}
          </>
        ) : (
          <CodeStep
            email={email.trim()}
            code={code}
            onCodeChange={(value) => {
              setCode(value);
              setCodeError(null);
            }}
            error={codeError}
            onSubmit={onSubmitCode}
            verifying={verifying}
            sending={sending}
            resendIn={countdown.resendIn}
            onResend={onResend}
            onChangeEmail={onChangeEmail}
            inputRef={codeInputRef}
          />
        )}
      </section>

      <p className="mt-8 max-w-sm text-center text-sm italic text-bone-faint">
        Strictly members only. By entering you accept the House's{" "}
        <Link to={paths.terms.href()} className="link-quiet">
          terms
        </Link>{" "}
        and its{" "}
        <Link to={paths.privacy.href()} className="link-quiet">
          privacy policy
        </Link>
        .
      </p>
    </main>
  );
}
