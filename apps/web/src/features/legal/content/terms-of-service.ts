import { CREDIT_PACKS, FREE_PLAN_ROOMS, PRO_MONTHLY_CREDITS, SIGNUP_CREDITS } from '@stagecraft/contracts';
import { LEGAL_EFFECTIVE_DATE, type LegalDocumentContent } from './legal-document-content.ts';

const packNames = CREDIT_PACKS.map((pack) => pack.name).join(', ');

export const termsOfService: LegalDocumentContent = {
  title: 'Terms of Service',
  effectiveDate: LEGAL_EFFECTIVE_DATE,
  introduction: [
    'These Terms of Service ("Terms") govern your use of Stagecraft, an AI virtual-staging service that lets you upload photos of rooms, edit them with automated tools and export the results (the "Service"). The Service is operated by the person or organisation that runs this installation of Stagecraft (the "Operator", "we", "us").',
    'Stagecraft is open-source software that anyone may install on their own server. If you are using an installation run by someone else, that person or organisation is the Operator and these Terms form an agreement between you and them. If you install and run Stagecraft yourself, you are the Operator of your installation and the open-source licence of the software, not these Terms, governs your use of the code.',
    'By creating an account, buying credits or otherwise using the Service, you agree to these Terms. If you do not agree, do not use the Service.',
  ],
  sections: [
    {
      heading: 'Who may use the Service',
      paragraphs: [
        'You must be at least 18 years old, or the age of majority where you live, and able to enter into a binding contract to create an account. If you use the Service for a business, such as a staging company or a real-estate agency, you confirm that you are authorised to accept these Terms on its behalf, and "you" includes that business.',
        'The Service is not directed at children. Children under 13 may not use it under any circumstances.',
      ],
    },
    {
      heading: 'Your account',
      paragraphs: [
        'To use the design studio you need an account with a username, a valid e-mail address and a password, or a supported third-party sign-in. You must verify your e-mail address before you can log in with a password.',
        'Keep your password confidential and tell us promptly if you believe someone else has accessed your account. You are responsible for everything done through your account unless it results from our own failure to keep the Service secure. Give us accurate information and keep it up to date; we may suspend accounts created with false information or in bulk.',
      ],
    },
    {
      heading: 'Plans and credits',
      paragraphs: [
        'Actions in the design studio, such as object detection, furniture placement, wall material changes and image enhancement, cost credits. The number of credits an action costs is shown in the Service before you perform it. Credits are charged only when an action succeeds; an action that fails or is rejected costs nothing.',
        'The Service offers the following plans:',
      ],
      list: [
        `Starter: free, with ${SIGNUP_CREDITS} credits granted once at sign-up and up to ${FREE_PLAN_ROOMS} rooms. Starter exports carry a small Stagecraft watermark.`,
        `Pay As You Go: one-time purchases of credit packs (${packNames}). Credits bought in packs do not expire while your account remains open.`,
        `Pro: a subscription billed monthly or yearly that grants ${PRO_MONTHLY_CREDITS} credits at the start of each monthly period, together with the additional features described on the pricing page.`,
      ],
      closing: [
        'Credits have no cash value, cannot be transferred to another account or exchanged for money, and may only be used within the Service. Prices, plans and credit costs are shown on the pricing page and may change under section 6.',
      ],
    },
    {
      heading: 'Payments, billing and renewals',
      paragraphs: [
        'Payments are processed by our card payment provider, Stripe. We do not receive or store your full card number. By paying you also accept the payment provider\'s terms for the processing of your payment.',
        'Prices are shown in US dollars and include any taxes we are required to collect unless stated otherwise. A Pro subscription renews automatically at the end of each billing period, monthly or yearly, until you cancel it. You can cancel at any time from the billing portal; cancellation takes effect at the end of the current billing period, and you keep the Pro features and any remaining credits until then.',
        'If a payment fails, we may retry it, suspend paid features, or move your account to the Starter plan until the payment succeeds.',
      ],
    },
    {
      heading: 'Refunds',
      paragraphs: [
        'Credits are consumed as soon as an action that uses them succeeds. No refunds are given once credits have been consumed, whether they came from a credit pack or a subscription period.',
        'If you bought a credit pack by mistake and have not used any of its credits, contact us within 14 days of the purchase and we will refund it. Subscription fees for a period that has already started are not refunded, except where the law requires otherwise. Nothing in this section limits any right to a refund or withdrawal that consumer protection law gives you and that cannot be waived; where you agreed to immediate performance of a digital service, you acknowledge that the right of withdrawal ends once the service has been fully performed, that is, once the credits have been consumed.',
      ],
    },
    {
      heading: 'Changes to prices and to the Service',
      paragraphs: [
        'We may change prices, credit costs and plan contents. A price change for an active subscription takes effect at your next renewal, and we will tell you by e-mail at least 14 days beforehand so that you can cancel. Credits you have already bought keep their value.',
        'We continuously improve the Service and may add, change or remove features. If we remove a feature that is central to a plan you have paid for, we will offer you a pro-rata refund of the unused part of that plan.',
      ],
    },
    {
      heading: 'Your content',
      paragraphs: [
        'You keep all rights to the photos, logos, signatures and other material you upload ("Your Content") and to the images you export. You grant us a limited, non-exclusive licence to store, process and display Your Content only as needed to run the Service for you, for example to detect objects, generate staged images, keep your design history and apply your branding. This licence ends when you delete Your Content or your account, subject to backup retention described in the Privacy Policy.',
        'You confirm that you own Your Content or have permission to use it, and that it does not infringe anyone else\'s rights, including the privacy of people who appear in your photos. We do not use Your Content to train machine-learning models.',
      ],
    },
    {
      heading: 'Acceptable use',
      paragraphs: ['You agree not to:'],
      list: [
        'upload content that is unlawful, that you have no right to use, or that shows people without their consent;',
        'use staged images to mislead buyers or tenants about the actual condition, size or features of a property, or present a virtually staged image as an unaltered photograph where disclosure is required;',
        'attempt to access other users\' accounts or data, probe or disrupt the Service, or bypass credit charges, rate limits or plan restrictions;',
        'resell access to the Service, or use automated means to create accounts or collect free credits;',
        'reverse engineer the hosted Service other than as permitted by the open-source licence of the software or by law.',
      ],
      closing: [
        'Many listing portals and local rules require virtually staged images to be disclosed. You are responsible for complying with them; the Service can add a "Virtually staged" label to exports to help you do so.',
      ],
    },
    {
      heading: 'AI-generated results',
      paragraphs: [
        'The Service uses automated image processing. Results can contain errors: furniture may be out of scale, objects may be detected incorrectly, and generated images may not match a real product or finish. Check every image before you publish it or show it to a client. Generated images are illustrations of what a room could look like, not representations of the property\'s actual condition.',
      ],
    },
    {
      heading: 'Intellectual property',
      paragraphs: [
        'The Stagecraft software is distributed under its open-source licence. The name Stagecraft, the logo, the furniture and theme libraries supplied with the Service and the design of this website remain the property of their respective owners. Subject to these Terms, you may use the images you export for any lawful purpose, including commercial listings and marketing.',
        'If you believe content on the Service infringes your rights, contact us with enough detail for us to identify it and we will act promptly.',
      ],
    },
    {
      heading: 'Availability and support',
      paragraphs: [
        'We aim to keep the Service available at all times but do not guarantee uninterrupted operation. Maintenance, updates, failures of third-party providers or events outside our control may make it temporarily unavailable. We provide support by e-mail on a reasonable-efforts basis.',
      ],
    },
    {
      heading: 'Suspension and termination',
      paragraphs: [
        'You may close your account at any time. We may suspend or close your account if you seriously or repeatedly breach these Terms, if required by law, or to protect the Service or other users. Where reasonable, we will tell you beforehand and give you the chance to fix the problem.',
        'When your account is closed, your right to use the Service ends and unused credits lapse, unless we closed it without cause, in which case we will refund unused purchased credits. Sections 5, 7, 10, 13, 14 and 15 survive termination.',
      ],
    },
    {
      heading: 'Disclaimer of warranties',
      paragraphs: [
        'Except as expressly stated in these Terms, the Service is provided "as is" and "as available", without warranties of any kind, whether express or implied, including warranties of merchantability, fitness for a particular purpose and non-infringement, to the extent the law allows. Nothing in these Terms excludes the legal guarantees of conformity that consumers enjoy under applicable law.',
      ],
    },
    {
      heading: 'Limitation of liability',
      paragraphs: [
        'To the fullest extent permitted by law, our total liability to you for all claims arising out of or relating to the Service or these Terms is limited to the amount you paid us for the Service in the twelve months before the event giving rise to the claim. If you have only used the free Starter plan, that amount is zero.',
        'We are not liable for indirect or consequential losses, such as lost profits, lost sales, lost business opportunities or loss of goodwill, including losses arising from a listing, sale or rental that relied on a staged image. These limits do not apply to liability for death or personal injury caused by negligence, for fraud or gross negligence, or to any other liability that cannot be limited under applicable law.',
      ],
    },
    {
      heading: 'Governing law and disputes',
      paragraphs: [
        'These Terms are governed by French law. Before going to court, please contact us so that we can try to resolve the dispute amicably. If you are a consumer, you may also use a consumer mediation service or the European Commission\'s online dispute resolution platform.',
        'Any dispute that cannot be settled amicably falls under the jurisdiction of the competent French courts. If you are a consumer residing in the European Union, you also keep the protection of the mandatory provisions of the law of your country of residence and may bring proceedings in its courts.',
      ],
    },
    {
      heading: 'Changes to these Terms',
      paragraphs: [
        'We may update these Terms, for example to reflect new features or changes in the law. We will post the new version on this page with a new effective date and, for material changes, tell you by e-mail or in the Service at least 14 days before they take effect. If you continue to use the Service after that date, the new Terms apply; if you do not agree with them, you may close your account.',
      ],
    },
    {
      heading: 'Contact',
      paragraphs: [
        'Questions about these Terms can be sent to the Operator of this installation at the contact address shown in the Service or in the e-mails it sends you. If these Terms are provided in several languages, the English version prevails to the extent permitted by law. If any provision is found unenforceable, the rest of these Terms remains in effect.',
      ],
    },
  ],
  otherDocument: { prompt: 'How we handle your data:', label: 'Privacy Policy', to: '/privacy-policy' },
};
