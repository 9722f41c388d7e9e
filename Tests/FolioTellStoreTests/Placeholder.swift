// tests below
