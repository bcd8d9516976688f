import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import { CREDIT_COSTS, FREE_PLAN_ROOMS, PRO_MONTHLY_CREDITS, SIGNUP_CREDITS } from '@stagecraft/contracts';
import { useId, useState } from 'react';
import { pluralize } from '../../../lib/format.ts';
import { LandingSection } from './landing-section.tsx';

const credits = (count: number) => pluralize(count, 'credit');

const questions = [
  {
    question: 'How do credits work?',
    answer: `Each action in the studio costs a set number of credits, shown before you click: placing a piece of furniture costs ${credits(CREDIT_COSTS.furniture_placement)}, a themed placement ${credits(CREDIT_COSTS.themed_placement)}, removing an object ${credits(CREDIT_COSTS.removal)} per object, a new wall material ${credits(CREDIT_COSTS.wall_material_change)}, and a 4K or 8K enhancement ${CREDIT_COSTS.enhancement_4k} or ${credits(CREDIT_COSTS.enhancement_8k)}. Marking an object by hand is free, and an operation that fails never costs anything.`,
  },
  {
    question: 'Do I need a credit card to try Stagecraft?',
    answer: `No. Every new account starts with ${credits(SIGNUP_CREDITS)} and can design ${pluralize(FREE_PLAN_ROOMS, 'room')} on the Starter plan. You only enter payment details when you decide to buy a credit pack or go Pro.`,
  },
  {
    question: 'Do my credits expire?',
    answer: `Credits from packs never expire: buy a pack for one listing and use what is left on the next. Pro subscribers receive ${credits(PRO_MONTHLY_CREDITS)} at the start of every monthly period, yearly plans included.`,
  },
  {
    question: 'Can I use the staged photos in my listings?',
    answer:
      'Yes, the exports are yours to use in listings, brochures and social posts. Many listing portals and some local rules require virtually staged photos to be disclosed, so Stagecraft can add a discreet “Virtually staged” label to exports, on by default. Starter exports also carry a small Stagecraft watermark; credit packs and Pro remove it.',
  },
  {
    question: 'What kind of photos give the best results?',
    answer:
      'Straight, well-lit shots taken at chest height, with the whole floor area in view. JPEG, PNG and HEIC photos up to 10 MB are accepted, so a recent phone is all you need. Very dark or heavily distorted wide-angle photos give weaker results.',
  },
  {
    question: 'Can I host Stagecraft on my own server?',
    answer:
      'Yes. Stagecraft is open-source and self-hostable: run it on your own machine or cloud account and your clients’ photos never leave your infrastructure. A self-hosted install offers the same studio as the hosted service.',
  },
];

function FaqItem({ question, answer }: { question: string; answer: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const buttonId = `${id}-question`;
  const panelId = `${id}-answer`;

  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Typography variant="h3" sx={{ fontSize: 'inherit', m: 0 }}>
        <Box
          component="button"
          type="button"
          id={buttonId}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((wasOpen) => !wasOpen)}
          sx={{
            all: 'unset',
            boxSizing: 'border-box',
            width: '100%',
            cursor: 'pointer',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
            py: 2.5,
            px: 1,
            fontSize: { xs: '1.02rem', sm: '1.1rem' },
            fontWeight: 700,
            color: 'text.primary',
            borderRadius: 2,
            '&:hover': { color: 'primary.main' },
            '&:focus-visible': { outline: '3px solid #6366f1', outlineOffset: 2 },
          }}
        >
          {question}
          <ExpandMoreRoundedIcon
            aria-hidden
            sx={{ flexShrink: 0, color: open ? 'primary.main' : 'text.secondary', transition: 'transform 200ms', transform: open ? 'rotate(180deg)' : 'none' }}
          />
        </Box>
      </Typography>
      <Collapse in={open}>
        <Box id={panelId} role="region" aria-labelledby={buttonId} sx={{ px: 1, pb: 3, pr: { sm: 6 } }}>
          <Typography color="text.secondary" sx={{ lineHeight: 1.75 }}>
            {answer}
          </Typography>
        </Box>
      </Collapse>
    </Box>
  );
}

export function FaqSection() {
  return (
    <LandingSection id="faq" eyebrow="FAQ" title="Questions stagers ask before they start">
      {/* Each answer opens and closes on its own: reading one never hides another (000 section 2). */}
      <Box sx={{ maxWidth: 820, mx: 'auto', borderTop: 1, borderColor: 'divider' }}>
        {questions.map((item) => (
          <FaqItem key={item.question} {...item} />
        ))}
      </Box>
    </LandingSection>
  );
}
