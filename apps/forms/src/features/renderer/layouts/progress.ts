/**
 * Stepper progress on phone (docs/product/forms-toolkit.md#stepper): the share of steps reached, as a percentage
 * rounded to the nearest 10.
 */
export function stepProgress(activeIndex: number, stepCount: number): number {
  if (stepCount <= 0) return 0;
  const reached = Math.min(Math.max(activeIndex + 1, 0), stepCount);
  return Math.round((reached / stepCount) * 10) * 10;
}
