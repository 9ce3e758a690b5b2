import type { ReactNode } from "react";
import { Toaster } from "../components/ui/toast";

/** App-wide services: hosts the toast region. (Who is signed in is asked in main.tsx, before the first render.) */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster />
    </>
  );
}
