/** Rooms of the real-time contract (DESIGN.md section 5). */
export const rooms = {
  lot: (id: number | string) => `lot:${id}`,
  auction: (id: number | string) => `auction:${id}`,
  user: (id: string) => `user:${id}`,
} as const;

export interface UserCreditsEvent {
  mpcBalance: string;
  committedCredits: number;
  available: number;
}

/** Events the server sends. Later issues add the lot and auction events here. */
export interface ServerToClientEvents {
  "user:credits": (payload: UserCreditsEvent) => void;
  "session:ready": (payload: { userId: string }) => void;
}

export interface ClientToServerEvents {
  "lot:watch": (payload: { lotNumber: number }) => void;
  "lot:unwatch": (payload: { lotNumber: number }) => void;
  "auction:watch": (payload: { id: number }) => void;
  "auction:unwatch": (payload: { id: number }) => void;
}
