export const rates = { 'EUR/USD': 1.08, 'USD/JPY': 151.2, 'GBP/EUR': 1.17 };
