/**
 * The demo restock of the back-ordered hopper lid (PP-SHL-HD) is 21 days after the seed ran, which
 * is this test run's day; these write that day by hand as the pages write it in English.
 */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const restock = () => new Date(Date.now() + 21 * 86_400_000);
const sameYear = () => restock().getUTCFullYear() === new Date().getUTCFullYear();

/** "March 12" (with the year only when it is not this year's): the storefront's words. */
export const restockLongDay = () => {
  const d = restock();
  return sameYear()
    ? `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`
    : `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
};

/** "Mar 12, 2027": the back office's list. */
export const restockMediumDay = () => {
  const d = restock();
  return `${SHORT[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
};
