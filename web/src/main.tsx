// Self-hosted fonts: the latin glyphs only, and only the weights the pages use (Cinzel for
// titles and buttons, Cormorant Garamond for the text).
import "@fontsource/cinzel/latin-400.css";
import "@fontsource/cinzel/latin-600.css";
import "@fontsource/cinzel/latin-700.css";
import "@fontsource/cormorant-garamond/latin-400.css";
import "@fontsource/cormorant-garamond/latin-400-italic.css";
import "@fontsource/cormorant-garamond/latin-600.css";
import "./index.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { releaseFirstScreen } from "./app/first-screen";
import { preloadRoute } from "./app/router";
import { userQueryOptions } from "./features/auth";
import { queryClient } from "./lib/query-client";

// Both start now, side by side, before React's first render: who is signed in, and the code (and,
// for a lot, the data) of the page the address names.
void queryClient.prefetchQuery(userQueryOptions());
void preloadRoute(window.location.pathname);

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");
const start = () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
// A first screen painted by the server (the lot page's) is let paint before the app's first
// render takes the main thread: one frame later, the data and code already on their way.
if (releaseFirstScreen(root)) requestAnimationFrame(() => setTimeout(start, 0));
else start();
