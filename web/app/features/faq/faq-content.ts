export type FaqItem = { question: string; answer: string };
export type FaqCategory = { title: string; items: readonly FaqItem[] };

export const FAQ: readonly FaqCategory[] = [
  {
    title: "Getting Started",
    items: [
      {
        question: "How do I get access to the customer portal?",
        answer:
          "Request access on the registration page with your work email. After you confirm your email address, an administrator reviews the request and links your account to your organization. You receive an email as soon as your account is approved, and then you can sign in.",
      },
      {
        question: "Why does sign-in say my account is pending approval?",
        answer:
          "Every new account is checked by our team before it can see customer data. Approval usually happens within one business day. If you have waited longer, contact support and mention the email address you registered with.",
      },
      {
        question: "What happens in the free strategy session?",
        answer:
          "It is a 30-minute call in which we look at your current processes, find the tasks that cost your team the most time and outline which automations would pay off first. You leave with concrete next steps, whether or not you work with us.",
      },
      {
        question: "How long does it take to see results?",
        answer:
          "Most customers see the first results within 2-4 weeks: a chatbot answering common questions or a workflow taking over a repetitive task. Complex AI models that need training on your own data usually take 4-8 weeks.",
      },
      {
        question: "Can I invite my colleagues to the portal?",
        answer:
          "Yes. Ask each colleague to request access with their work email; once an administrator links them to your organization they see the same projects, meetings, reports and tickets. Settings → Profile lists everyone on your team.",
      },
      {
        question: "How do I keep my account secure?",
        answer:
          "Use a long, unique password and turn on two-factor authentication with an authenticator app under Settings → Security. You can also see every device signed in to your account there and sign out the ones you do not recognize.",
      },
    ],
  },
  {
    title: "AI Chatbots",
    items: [
      {
        question: "What can an AI chatbot do for my business?",
        answer:
          "A chatbot answers customer questions around the clock, books appointments, qualifies leads and hands complex conversations over to your team with the full context. Typical customers handle most routine questions without a person.",
      },
      {
        question: "Which channels can the chatbot run on?",
        answer:
          "Your website, Facebook Messenger, WhatsApp, SMS and Slack or Microsoft Teams for internal helpdesks. One chatbot can serve several channels with the same knowledge.",
      },
      {
        question: "How does the chatbot learn about my business?",
        answer:
          "We train it on your own material: website pages, FAQs, price lists, policies and past conversations. You review its answers before launch, and you can correct any answer afterwards.",
      },
      {
        question: "What happens when the chatbot cannot answer a question?",
        answer:
          "It says so honestly and hands the conversation to a person, by live chat during your opening hours or by creating a ticket or an email for your team outside them. Nothing is left unanswered.",
      },
      {
        question: "Can the chatbot speak more than one language?",
        answer:
          "Yes. It detects the visitor's language and answers in it. We review the most common answers in each language you serve before launch.",
      },
    ],
  },
  {
    title: "Workflow Automation",
    items: [
      {
        question: "Which tasks are worth automating first?",
        answer:
          "Repetitive tasks with clear rules that happen often: copying data between systems, sending reminders and follow-ups, creating invoices, routing requests and building routine reports. We estimate the hours each would save before we build anything.",
      },
      {
        question: "Which tools do your automations connect to?",
        answer:
          "Most business software with an API: CRMs such as HubSpot and Salesforce, QuickBooks and Xero, Google Workspace and Microsoft 365, Slack, Shopify, scheduling and practice-management systems and many more. If a tool has no API, we look for another reliable way in.",
      },
      {
        question: "What happens if an automation fails?",
        answer:
          "Every run is logged. A failed run is retried where that is safe, and our team is alerted to fix the cause. You see each automation's success rate and run history on the Automations page.",
      },
      {
        question: "Can I pause an automation myself?",
        answer:
          "Yes. On the Automations page, the pause button stops an automation until you resume it, for example during a system migration or a holiday closure.",
      },
      {
        question: "Do I need to change the software my team uses?",
        answer:
          "No. Automations work with the tools you already have. Your team keeps working the way it does, minus the repetitive steps.",
      },
    ],
  },
  {
    title: "Billing & Support",
    items: [
      {
        question: "How does billing work?",
        answer:
          "Your organization's subscription is billed monthly by card. The Billing page shows your plan, the next billing date and your payment method, and the dashboard reminds you before the next charge.",
      },
      {
        question: "How do I update my payment method?",
        answer:
          "Open the Billing page and choose Update Payment Method (Add Payment Method when no card is on file yet). It takes you to our payment provider's secure page, where you add or replace your card, and brings you back to Billing when you are done. If your organization has not chosen a plan yet, your card is added when you check out. We never see or store your full card number.",
      },
      {
        question: "How do I get help?",
        answer:
          "Open a ticket on the Support page. Describe what happened and how urgent it is, and add the category that fits. You can follow every answer on the ticket and receive an email when we reply.",
      },
      {
        question: "How fast will you answer my ticket?",
        answer:
          "We reply within 2 hours during business hours (Monday to Friday, 9am to 5pm Eastern). Urgent tickets about an automation that stopped working are handled first.",
      },
      {
        question: "Can I talk to someone instead of writing a ticket?",
        answer:
          "Yes. Use Schedule Meeting on the Meetings page to book a call online, send us an email or phone us directly. Existing customers can also book a review or training session.",
      },
    ],
  },
  {
    title: "Security & Data",
    items: [
      {
        question: "Where is my data stored?",
        answer:
          "In data centers in the United States, encrypted in transit and at rest. Each organization's data is kept separate, and only your organization's members and our staff can see it.",
      },
      {
        question: "Who at your company can see my data?",
        answer:
          "Only the staff members who build and support your automations, and only as far as they need to. Every change staff make to an account is recorded in an audit log.",
      },
      {
        question: "Do you use my data to train AI models for other customers?",
        answer:
          "No. Your data is used only for your own chatbots and automations. We do not share it with other customers or use it to train models for anyone else.",
      },
      {
        question: "Is two-factor authentication available?",
        answer:
          "Yes. Turn it on under Settings → Security with any authenticator app. After that, signing in asks for a code from your phone as well as your password.",
      },
      {
        question: "Can I get a copy of my data or have it deleted?",
        answer:
          "Yes. Open a support ticket and we export your organization's data in common formats, or delete it once your contract ends. We confirm in writing when the deletion is complete.",
      },
    ],
  },
];
