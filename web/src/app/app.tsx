import { RouterProvider } from "react-router-dom";
import { AppProvider } from "./provider";
import type { AppRouter } from "./router";

/** The router is made before the first render (main.tsx), so the first page's code is already on its way. */
export function App({ router }: { router: AppRouter }) {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
