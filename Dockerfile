FROM node:20-bookworm-slim
WORKDIR /app
RUN npm install -g pnpm@10.34.9
COPY . .
RUN pnpm install --frozen-lockfile && pnpm --filter @bm/web build
ENV NODE_ENV=production PORT=3000
EXPOSE 3000
CMD ["node", "--import", "tsx", "api/src/server.ts"]
