import { CURRENCY } from '@stagecraft/contracts';

const wholePrice = new Intl.NumberFormat('en-US', { style: 'currency', currency: CURRENCY, maximumFractionDigits: 0 });
const exactPrice = new Intl.NumberFormat('en-US', { style: 'currency', currency: CURRENCY, minimumFractionDigits: 2 });

/** "$29" for whole amounts, "$21.75" otherwise: catalogue prices are whole, derived ones may not be. */
export function formatPrice(amount: number): string {
  return Number.isInteger(amount) ? wholePrice.format(amount) : exactPrice.format(amount);
}

export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
