// Self-hosted fonts: only the weights the pages use (Cinzel for titles and buttons, Cormorant
// Garamond for the text), each cut into what the pages write and the rest of latin
// (scripts/subset-fonts.mjs).
import "./styles/fonts.css";
import "./index.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { userQueryOptions } from "./api/get-user";
import { App } from "./app/app";
import { releaseFirstScreen } from "./app/first-screen";
import { preloadFirstRoute } from "./app/router";
import { queryClient } from "./lib/query-client";

// Both start now, side by side, before React's first render: who is signed in, and the code (and,
// for a lot, the data) of the page the address names.
void queryClient.prefetchQuery(userQueryOptions());
const pageCode = preloadFirstRoute(window.location.pathname);

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");
// The first render is a transition: React renders the whole app in slices of a few milliseconds,
// yielding to the browser between them, rather than in one task of 50 ms or more on a phone that
// would hold up any tap (Lighthouse's Total Blocking Time). Nothing is on screen yet to keep.
const start = () => {
  const app = createRoot(root);
  startTransition(() =>
    app.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
};
// The first render waits for the page's code (the HTML asked for it beside the entry's, so it is
// usually here), 300 ms at most: rendered before it, the page would suspend behind a spinner, and
// React reveals what ends a suspense no sooner than 300 ms after the spinner was shown. Past that,
// the spinner costs the page nothing and tells a slow connection something is coming.
const FIRST_RENDER_WAITS_MS = 300;
const pageReady = Promise.race([pageCode, new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAITS_MS))]);
// A first screen painted by the server (the lot page's) is let paint before the app's first
// render takes the main thread: one frame later, the data and code already on their way.
if (releaseFirstScreen(root)) requestAnimationFrame(() => setTimeout(() => void pageReady.then(start), 0));
else void pageReady.then(start);
