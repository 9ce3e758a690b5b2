import { type ReactNode, useEffect } from "react";
import { Toaster } from "../components/ui/toast";
import { refreshUser } from "../features/auth";

/** App-wide services: learns who is signed in once on load, and hosts the toast region. */
export function AppProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    void refreshUser();
  }, []);

  return (
    <>
      {children}
      <Toaster />
    </>
  );
}
