// Loaded into the cluster bench's servers (API nodes and bare servers alike, with --expose-gc):
// SIGUSR2 collects the garbage, so that memory is read with no garbage in it on either side.
process.on("SIGUSR2", () => globalThis.gc?.());
