/**
 * Who is watching which lot right now, fed by the socket gateway (`lot:watch`, `lot:unwatch`,
 * disconnect). In memory when embedded; in Redis when distributed, where entries of a node that
 * died expire on their own.
 */
export interface PresencePort {
  watching(userId: string, lotId: number): Promise<boolean>;
  watch(socketId: string, userId: string, lotId: number): Promise<void>;
  unwatch(socketId: string, userId: string, lotId: number): Promise<void>;
  dropSocket(socketId: string): Promise<void>;
  close(): Promise<void>;
}
