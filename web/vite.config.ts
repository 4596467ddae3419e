import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { blogPlugin } from "./vite/blog-plugin";

export default defineConfig({
  plugins: [tailwindcss(), blogPlugin(), reactRouter()],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  server: {
    fs: { allow: [".."] },
    // `npm run dev` next to `go run ./cmd/growthdesk serve`: the API comes from the Go server.
    proxy: { "/api": "http://localhost:8080", "/auth": "http://localhost:8080" },
  },
});
