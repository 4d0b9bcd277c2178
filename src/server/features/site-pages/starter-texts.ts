import type { SitePageSlug } from '../../../shared/site-pages';

/**
 * Starter texts for the four public pages, shown in the Settings editor until the seller saves
 * their own (docs/product.md#admin-screen). They describe what this app really does and stores;
 * the words in [square brackets] are for the seller to fill in. They are a starting point, not
 * legal advice: the editor tells the seller to review and adapt them before publishing.
 */
export const STARTER_TEXTS: Record<SitePageSlug, string> = {
  refund: `Last updated: [date]

We want the course to be worth every minute you spend on it together. If it is not right for you, you should not have to pay for it.

## Our 30-day money-back guarantee

If you are not happy with the course for any reason, write to us within **30 days of your purchase** and we will refund the full price. No questions asked, and no need to explain yourselves (although we are always grateful to hear what we could do better).

## How to ask for a refund

1. Email us at [contact email], or use the contact form on our home page and choose "Payment Support".
2. Tell us the email address you bought the course with. Your order number (it starts with \`pi_\`) helps, but it is not required.
3. We answer within 24 hours and send the refund to the card you paid with.

Your bank usually shows the refund within 5 to 10 working days; the exact time depends on your bank, not on us.

## What happens to your account

After a refund your account returns to the free trial: you keep access to the trial weeks, and your answers and notes stay yours. If you would rather we delete your account and everything in it, just say so in the same message (see our [Privacy Policy](/privacy)).

## After 30 days

We do not normally refund purchases older than 30 days. If something has gone wrong for you, though, please write to us anyway: a real person at [Your business name] reads every message.

## Questions

[Your business name]
[Postal address]
[contact email]
`,

  privacy: `Last updated: [date]

Working through this course means trusting us with some of the most personal conversations of your life. This page explains, plainly, what we keep, why, and what you can ask of us.

## Who is responsible for your data

[Your business name] ([postal address], [contact email]) runs this website and is the controller of the personal data described here. If you have any questions about your data, write to [contact email].

## What we store

- **Your account**: for each sign-in (one you share, or one for each partner), its email address or the username you chose and a secure hash of its password or personal access code (never the code itself); also your access level and when the account was created.
- **Invites** you send to your partner: the email address you give and when the invite was made, used or withdrawn (never its code).
- **Your couple profile**: the names you give for both partners and, if you add it, your wedding date.
- **Your course progress**: which weeks you have completed and when, the ratings you give each week, and your notes.
- **Your workbook answers**: what each partner writes in the interactive workbook, and the summaries the app writes from your answers.
- **Orders**: the name, email address, amount and status of each purchase. Card details are handled by our payment provider; we never see or store your card number.
- **Messages you send us** through the contact form: your name, email address, subject and message.

## Cookies

We use two cookies, both strictly necessary. \`sid\` keeps you signed in: it holds no personal information, and it is deleted when you sign out or when your session ends (after [30] days). \`device\` remembers that this browser has signed in to your account before, so that someone else guessing at your sign-in cannot lock you out: it holds a random token that names neither you nor your email, it stays when you sign out, and it ends 180 days after your last sign-in. We use no advertising or tracking cookies and no third-party analytics.

## Why we use your data

- To provide the course you signed up for: your account, your progress and your workbook (our contract with you).
- To handle your purchase and any refund (our contract with you, and our legal duty to keep accounting records).
- To answer your messages (our legitimate interest in helping you).

Your workbook answers and notes are for the two of you. We do not read them, and the administrator screens of this app have no way to show them.

## What we never do

We do not sell your data, rent it, or share it with advertisers. We share personal data only with the services needed to run the course: [hosting provider], [payment provider] and [email provider], each bound to use it only on our behalf.

## How long we keep it

We keep your account and course data while your account exists. Orders are kept for [number] years because the law requires us to keep accounting records; an order kept for that reason is no longer linked to your course data. Contact messages are kept for [number] months after we have answered them. Our copies of the emails the site sends you are deleted 90 days after they were sent, and we keep no copy of an access code we email you. When you delete your account (or we delete it at your request), it is removed from the site at once and its data is overwritten in our database file, not just hidden. Our backups made before the deletion still hold it until they are replaced: we keep the newest [14] backups, made [daily], so deleted data is gone from every backup at most [14] days later. We use a backup only to restore the whole site after a failure, and would then delete your account again.

## Your rights

You can ask us at any time to see the data we hold about you, to correct it, to receive a copy of it, or to **delete your account and everything in it**. You can download a copy of everything and delete your account yourself at any time, from the Profile tab of your dashboard ("Download our data" and "Delete our account"). Or write to [contact email] from the email address of your account and we will do it within 30 days, usually much sooner. You also have the right to complain to your data protection authority: [name of the authority].

## Changes

If we change this policy in a way that matters, we will update the date at the top and tell you by email or on your dashboard.
`,

  terms: `Last updated: [date]

These terms are the agreement between you and [Your business name] ("we", "us") for the 52-week marriage-preparation course on this website. We have tried to keep them short and fair. By creating an account or buying the course you accept them.

## The course

The course is a programme of 52 weekly frameworks (PDF guides), an interactive workbook for both partners, and progress tracking. Each week opens when the previous one is completed. The course is educational: it is not therapy, counselling or medical advice. If your relationship involves abuse, or if either of you is in crisis, please contact a qualified professional or your local emergency services.

## Your account

- One purchase is for one couple. Please do not share your sign-in details or your personal access code outside your couple.
- Keep your access code safe. If you lose it, choose "Email me my code" on the sign-in page, or write to us at [contact email], and we will send a new one (the old one then stops working).
- You are responsible for what is done with your account. Tell us at once if you think someone else has used it.

## Free trial

You can try the first weeks of the course for free, without payment details. Buying the course unlocks all 52 weeks, and your progress carries over.

## Price and payment

The course costs [price] once, for lifetime access to the course as it is offered on this website. There are no subscriptions and no hidden costs. Payments are processed by [payment provider].

## Refunds

You can ask for a full refund within 30 days of your purchase. See our [Refund Policy](/refund).

## What is yours and what is ours

Your answers, notes and ratings belong to you. The course materials (the frameworks, texts, exercises and design) belong to [Your business name] and are licensed to you for your personal, non-commercial use as a couple. You may print them for yourselves; please do not resell, publish or share them.

## Availability

We work hard to keep the site available and your data safe, but we cannot promise the site will always be free of interruptions or errors. We may improve or change the course over time; we will not take away weeks you have paid for.

## Our responsibility

Nothing in these terms limits your rights as a consumer under the law of [country]. Apart from that, our total responsibility to you for any claim about the course is limited to the price you paid for it.

## Ending the agreement

You can stop using the course and ask us to delete your account at any time (see our [Privacy Policy](/privacy)). We may close an account that is used to break these terms, after telling you why whenever we can.

## The law that applies

These terms are governed by the law of [country]. If we ever disagree, please write to us first at [contact email]: most things are sorted out with one friendly email.
`,

  faq: `## About the course

### How long does the course take?

52 weeks: one lesson a week, for a year of steady growth. Go at your own pace: pause during a busy month, or take two weeks at once when you are on a roll. Most couples spend 30 to 60 minutes on each week.

### Is it suitable for engaged couples?

Yes. It was written with engaged couples in mind, and it works just as well in the first years of marriage. Start whenever you are ready, whatever your wedding date.

### What format is the workbook?

Each weekly framework is a PDF. Use it digitally on any device, or print it out; the interactive workbook on your dashboard keeps both partners' answers side by side.

## Signing in and access codes

### How do we sign in after buying?

After your purchase you receive a personal access code by email. Choose Sign In at the top of the home page, open the "Personal code" tab, and enter the email address you bought with and that code. You can also register with a username and password instead.

### We lost our access code. What now?

Choose "Email me my code" on the sign-in page and we will send a new code to the email address you bought with. The old code stops working as soon as the new one is issued. If the email does not arrive, write to us at [contact email] (or use the contact form on the home page).

### Can we try it before buying?

Yes. Start a free trial from the sign-in page: the first weeks are open to you, with the full workbook. If you buy the course later, your progress and answers carry over.

## Doing it together

### Do we need two accounts?

No. One account is for the two of you. The workbook has a page for each partner: you each answer the reflection questions on your own first, then sit down together to talk them through. If you would like, each of you can also have your own sign-in: invite your partner from your Profile ("Partner sign-ins").

### Can my partner see my answers?

Yes, unless you choose otherwise: the workbook is shared by the two of you. If you would rather each answer before reading the other's answers, turn on "Private answers" in your Profile: your answers for a week stay sealed from each other until you have both marked them as shared. Either way, nobody else sees your workbook: not other couples, and not us.

### What if one of us falls behind?

That is completely normal. Weeks stay open once you have finished them, and there is no deadline. Pick up where you left off whenever you are both ready.

## Printing

### Can we print the frameworks?

Yes. Every weekly framework is a PDF you can download and print at home, and after your purchase you can download the complete workbook in one file. Many couples keep the printed week on the kitchen table.

## Payment and refunds

### How much does it cost?

[price], once. No subscription.

### What if it is not right for us?

You are covered by our 30-day money-back guarantee, no questions asked. See our [Refund Policy](/refund).

## Still have a question?

Send us a message with the contact form on the home page, or email [contact email]. A real person answers within 24 hours.
`,
};
