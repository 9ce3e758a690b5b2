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
import { createAppRouter } from "./app/router";
import { refreshUser } from "./features/auth";

// Both start now, side by side, before React's first render: who is signed in, and the code of
// the page the address names (creating the router loads it).
void refreshUser();
const router = createAppRouter();

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");

createRoot(root).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
