import { CODE_LENGTH } from "../constants";

/** What the code input keeps of what is typed: digits only, at most six. */
export function sanitizeCodeInput(input: string): string {
  return input.replace(/\D/g, "").slice(0, CODE_LENGTH);
}

export function isValidCode(input: string): boolean {
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(input);
}
