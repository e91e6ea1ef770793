export const prices = { apple: 30, pear: 45, fig: 120 };
