/**
 * `amount × part / whole`, rounded half up, in whole numbers (`whole` > 0): the rest of a pack at its price
 * (decision 0033), the unused time of a plan's period (decision 0073).
 */
export function proRata(amount: number, part: number, whole: number): number {
  return Math.floor((2 * amount * part + whole) / (2 * whole));
}
