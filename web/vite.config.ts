import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const API_ORIGIN = "http://localhost:3000";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: {
      "/api": { target: API_ORIGIN, changeOrigin: false },
      "/socket.io": { target: API_ORIGIN, ws: true, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      "/api": { target: API_ORIGIN, changeOrigin: false },
      "/socket.io": { target: API_ORIGIN, ws: true, changeOrigin: false },
    },
  },
  build: { outDir: "dist", emptyOutDir: true, manifest: true },
});
