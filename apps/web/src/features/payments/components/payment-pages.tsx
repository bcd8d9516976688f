// The payment screens, loaded as one chunk by the router: they are visited in sequence during a purchase.
export { PaymentDeniedPage } from './payment-denied-page.tsx';
export { PaymentSuccessfulPage } from './payment-successful-page.tsx';
export { TestBillingPortalPage } from './test-billing-portal-page.tsx';
export { TestCheckoutPage } from './test-checkout-page.tsx';
