/**
 * The demo's bids: yesterday's lots 1-5 and today's 9-12 carry bids (yesterday's close with winners
 * at start-up). Each lot number lists [demo member index, dollars, credits] in bid order.
 */
export const DEMO_LOT_BIDS: [number, [number, number, number][]][] = [
  [
    1,
    [
      [0, 25, 0],
      [1, 32, 10],
      [2, 40, 15],
    ],
  ],
  [
    2,
    [
      [1, 45, 20],
      [0, 60, 0],
    ],
  ],
  [3, [[2, 10, 5]]],
  [
    4,
    [
      [0, 60, 30],
      [2, 75, 0],
      [1, 90, 40],
    ],
  ],
  [
    5,
    [
      [1, 20, 0],
      [2, 24, 12],
    ],
  ],
  [
    9,
    [
      [0, 80, 20],
      [1, 95, 0],
    ],
  ],
  [10, [[2, 45, 15]]],
  [
    11,
    [
      [1, 18, 0],
      [0, 22, 10],
      [2, 30, 0],
    ],
  ],
  [12, [[0, 120, 50]]],
];
