import { LEGAL_EFFECTIVE_DATE, type LegalDocumentContent } from './legal-document-content.ts';

export const privacyPolicy: LegalDocumentContent = {
  title: 'Privacy Policy',
  effectiveDate: LEGAL_EFFECTIVE_DATE,
  introduction: [
    'This Privacy Policy explains what personal data Stagecraft collects, why, how long it is kept and the choices you have. It applies to the Stagecraft virtual-staging service (the "Service") as run by the person or organisation operating this installation (the "Operator", "we", "us"), who is the controller of your personal data.',
    'Stagecraft is open-source and self-hostable. An installation run by someone else is governed by that Operator\'s practices; an installation you run yourself keeps all data on infrastructure you control, and you are the controller of it.',
  ],
  sections: [
    {
      heading: 'Data we collect',
      paragraphs: ['We collect only what we need to run the Service:'],
      list: [
        'Account data: your name (username, and first and last name if you provide them), e-mail address, a securely hashed password, whether your e-mail is verified, and the date you joined and last logged in.',
        'Third-party sign-in data: if you sign in with Google, your name, e-mail address and an account identifier that Google shares with your permission.',
        'Payment information: when you buy credits or subscribe, payment is handled by our card payment provider, Stripe. Stripe collects your card details directly; we receive only a customer reference, the plan or pack bought, the amount, the currency, the date and the payment status, never your full card number.',
        'Your content: room photos, furniture images, logos and signatures you upload, the images the Service generates, and your design history.',
        'Usage data: the actions you take in the Service (for example layouts created, exports completed and pages viewed), credits spent, device and browser type, IP address, and timestamps, collected through server logs and our own event records.',
        'Cookies and local storage: see section 6.',
        'Communications: messages you send us, such as support requests or staging consultation requests.',
      ],
    },
    {
      heading: 'How we use your data',
      paragraphs: ['We use personal data to:'],
      list: [
        'create and secure your account, verify your e-mail address and let you log in;',
        'provide the design studio, process your photos, keep your design history and apply your branding;',
        'process payments, grant credits and plans, and keep accounting records;',
        'send service e-mails, such as confirmation links, password resets and receipts;',
        'understand how the Service is used so that we can improve it, including which pages and features lead people to upgrade;',
        'prevent fraud and abuse, such as bulk account creation to collect free credits, and enforce our Terms of Service.',
      ],
      closing: ['We do not sell your personal data, and we do not use your photos to train machine-learning models.'],
    },
    {
      heading: 'Legal bases',
      paragraphs: [
        'Where the EU or UK General Data Protection Regulation applies, we rely on: the performance of our contract with you (account, studio, payments, service e-mails); our legitimate interests in securing and improving the Service and preventing abuse, balanced against your rights; compliance with legal obligations, such as keeping invoices; and your consent for optional analytics cookies and newsletters, which you can withdraw at any time.',
      ],
    },
    {
      heading: 'Who we share data with',
      paragraphs: ['We share personal data only with service providers that help us run the Service, under contracts that require them to protect it:'],
      list: [
        'Stripe, our card payment provider, for payments and subscriptions;',
        'the hosting provider where this installation runs, for storage and computing;',
        'an e-mail delivery provider, if the Operator has configured one, to send service e-mails;',
        'Google, only if you choose to sign in with Google;',
        'an optional privacy-focused analytics provider (such as Plausible or PostHog), only if the Operator has enabled one, which receives page views.',
      ],
      closing: [
        'We may also disclose data when the law requires it, to protect our rights or the safety of others, or to a successor if the Service is transferred, in which case this Policy continues to apply.',
      ],
    },
    {
      heading: 'International transfers',
      paragraphs: [
        'Some providers, such as Stripe and Google, may process data outside the European Economic Area. When they do, transfers rely on an adequacy decision or on the European Commission\'s standard contractual clauses, together with additional safeguards where needed.',
      ],
    },
    {
      heading: 'Cookies and local storage',
      paragraphs: [
        'The Service uses your browser\'s local storage to keep you signed in: it stores your access and refresh tokens and basic profile details (username and e-mail). These are strictly necessary and are removed when you log out.',
        'Our payment provider sets its own cookies during checkout to prevent fraud. If the Operator has enabled analytics, an analytics provider may use cookies or similar technologies to measure page views; where consent is required, they are used only with your consent. You can block or delete cookies in your browser settings, but the Service cannot keep you signed in without local storage.',
      ],
    },
    {
      heading: 'How long we keep data',
      paragraphs: [
        'We keep account data for as long as your account is open. Your photos and generated images are kept until you delete them or close your account. Usage records are kept for up to 24 months, then deleted or anonymised. Payment and invoice records are kept for as long as tax and accounting law requires, typically 10 years in France.',
        'When you close your account we delete or anonymise your personal data within 30 days, except records we must keep by law. Deleted data may remain in encrypted backups for up to 35 days before being overwritten.',
      ],
    },
    {
      heading: 'Security',
      paragraphs: [
        'We protect your data with encryption in transit (HTTPS), hashed passwords, short-lived access tokens, access controls limited to people who need them, and regular updates. No system is perfectly secure; if a data breach is likely to put your rights at risk, we will inform you and the competent authority as the law requires.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: ['Depending on where you live, you have the right to:'],
      list: [
        'access the personal data we hold about you and receive a copy;',
        'correct inaccurate data (you can edit your name in your profile);',
        'delete your data and close your account;',
        'receive your data in a portable format;',
        'object to or restrict processing based on our legitimate interests;',
        'withdraw consent at any time, without affecting earlier processing;',
        'lodge a complaint with a data protection authority, in France the CNIL (www.cnil.fr), or the authority where you live.',
      ],
      closing: ['To exercise these rights, contact us as described in section 13. We answer within one month.'],
    },
    {
      heading: 'Children',
      paragraphs: [
        'The Service is not intended for children under 13, and we do not knowingly collect personal data from them. Accounts are reserved for adults. If you believe a child under 13 has given us personal data, contact us and we will delete it.',
      ],
    },
    {
      heading: 'People in your photos and your clients',
      paragraphs: [
        'Room photos sometimes show people, family photos or documents. Please remove them before uploading, or make sure you have permission. If you upload photos of a client\'s property, you are responsible for informing your client, and we process those photos only to provide the Service to you.',
      ],
    },
    {
      heading: 'Changes to this Policy',
      paragraphs: [
        'We may update this Policy when the Service or the law changes. We will post the new version here with a new effective date and, for material changes, notify you by e-mail or in the Service before they take effect.',
      ],
    },
    {
      heading: 'Contact',
      paragraphs: [
        'For any question or request about your personal data, contact the Operator of this installation at the contact address shown in the Service or in the e-mails it sends you. If the Operator has appointed a data protection officer, requests can also be addressed to them.',
      ],
    },
  ],
  otherDocument: { prompt: 'The rules of the Service:', label: 'Terms of Service', to: '/tos' },
};
