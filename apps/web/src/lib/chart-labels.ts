/**
 * Which points of a chart's axis get a label when `count` points stand `pointGap` apart and a label needs `labelWidth`
 * (with its margin): all when they fit, else the first, the last and every n-th between, none of them overlapping.
 */
export function spacedLabelIndexes(count: number, pointGap: number, labelWidth: number): number[] {
  if (count <= 0) return [];
  const last = count - 1;
  if (last === 0) return [0];
  const step = Math.max(1, Math.ceil(labelWidth / Math.max(pointGap, Number.EPSILON)));
  if (step > last) return [last];
  const indexes: number[] = [];
  // Every step-th point that leaves the last its room.
  for (let index = 0; last - index >= step; index += step) indexes.push(index);
  return [...indexes, last];
}
