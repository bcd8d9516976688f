import ReceiptLongRoundedIcon from '@mui/icons-material/ReceiptLongRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FREE_PLAN_ROOMS, SIGNUP_CREDITS, type CatalogueItem, type PlanKey, type PlansResponse } from '@stagecraft/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useSearchParams } from 'react-router';
import { PlanComparison } from '../../../components/plan-comparison.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { useLogConversionEvent } from '../../../lib/conversion-tracking.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { formatPrice, pluralize } from '../../../lib/format.ts';
import { useUserState } from '../../../lib/user-state.ts';
import { useOpenBillingPortal } from '../api/open-billing-portal.ts';
import { usePlans } from '../api/get-plans.ts';
import { subscribeErrorMessage, useSubscribe } from '../api/subscribe.ts';
import { readPricingContext, type PricingContext } from '../hooks/pricing-context.ts';
import { BillingChoice, type BillingChoiceValue } from './billing-choice.tsx';
import { PriceTag } from '../../../components/price-tag.tsx';
import { FeatureList } from '../../../components/feature-list.tsx';
import { PRO_PLAN_FEATURES } from '../../../lib/plan-features.ts';
import { OfferCard } from './offer-card.tsx';
import { PricingBanner } from './pricing-banner.tsx';

const PLAN_NAMES: Record<PlanKey, string> = { free: 'Starter', paid: 'Pay As You Go', pro: 'Pro' };
const RECOMMENDED = 'Recommended for you';

const cardGrid = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
  gap: { xs: 3.5, md: 3 },
  alignItems: 'stretch',
} as const;

/** A new set of query parameters is a new arrival: the page starts over (view, logged page view). */
export function PricingPage() {
  const [searchParams] = useSearchParams();
  const context = useMemo(() => readPricingContext(searchParams), [searchParams]);
  return <PricingScreen key={searchParams.toString()} context={context} />;
}

function PricingScreen({ context }: { context: PricingContext }) {
  useDocumentTitle('Plans and credits');
  const navigate = useNavigate();
  const { user } = useAuth();
  const plans = usePlans();
  const userState = useUserState();
  const subscribe = useSubscribe();
  const billingPortal = useOpenBillingPortal();
  const logEvent = useLogConversionEvent();
  const [choice, setChoice] = useState<BillingChoiceValue>(context.initialView === 'credits' ? 'credits' : 'month');
  const plan = userState.data?.plan ?? null;

  // Logged once the plan is known (or unknowable), so the event carries user_plan.
  const viewLogged = useRef(false);
  const stateSettled = userState.isSuccess || userState.isError;
  useEffect(() => {
    if (!stateSettled || viewLogged.current) return;
    viewLogged.current = true;
    logEvent({
      eventType: 'pricing_page_view',
      source: context.source ?? 'direct',
      metadata: { intent: context.intent, view: context.initialView, highlight: context.emphasised },
    });
  }, [stateSettled, logEvent, context]);

  const checkoutStarting = subscribe.isPending || subscribe.isSuccess;
  const buy = (item: CatalogueItem) => {
    logEvent({
      eventType: 'upgrade_button_click',
      source: context.source ?? 'pricing_page',
      metadata: { item_key: item.key, price: item.price, interval: item.interval, credits: item.credits, intent: context.intent },
    });
    subscribe.mutate({ user, priceId: item.price_id }, { onError: (error) => toast.error(subscribeErrorMessage(error)) });
  };
  const actionFor = (item: CatalogueItem, label: string) => ({
    label,
    onClick: () => buy(item),
    disabled: checkoutStarting,
    busy: checkoutStarting && subscribe.variables?.priceId === item.price_id,
  });

  return (
    <Box sx={{ maxWidth: 1120, mx: 'auto', pb: 6 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' }, mb: 3 }}
      >
        <Box>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' } }}>
            Plans and credits
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 560 }}>
            Start free, buy credits when a listing needs them, or go Pro when staging is part of every week.
          </Typography>
        </Box>
        {userState.data && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Chip
              label={`Your plan: ${PLAN_NAMES[userState.data.plan]} · ${pluralize(userState.data.credits, 'credit')}`}
              variant="outlined"
            />
            {userState.data.plan !== 'free' && user && (
              <Button
                size="small"
                startIcon={<ReceiptLongRoundedIcon />}
                onClick={() => billingPortal.mutate(user.userId)}
                disabled={billingPortal.isPending || billingPortal.isSuccess}
              >
                Manage billing
              </Button>
            )}
          </Stack>
        )}
      </Stack>

      {context.banner && <PricingBanner banner={context.banner} />}

      <Box sx={{ display: 'flex', justifyContent: 'center', mt: 4, mb: 5 }}>
        <BillingChoice
          value={choice}
          onChange={setChoice}
          yearlyLabel={plans.data?.subscriptions.find((item) => item.interval === 'year')?.label ?? null}
        />
      </Box>

      {plans.isPending ? (
        <Box sx={cardGrid} aria-busy="true" aria-label="Loading plans">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} variant="rounded" height={420} sx={{ borderRadius: 2 }} />
          ))}
        </Box>
      ) : plans.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void plans.refetch()}>
              Try again
            </Button>
          }
        >
          The plans could not be loaded. Check your connection and try again.
        </Alert>
      ) : choice === 'credits' ? (
        <CreditPacksView catalogue={plans.data} context={context} actionFor={actionFor} />
      ) : (
        <PlansView
          catalogue={plans.data}
          interval={choice}
          context={context}
          plan={plan}
          actionFor={actionFor}
          onStartFree={() => void navigate('/app')}
          onShowPacks={() => setChoice('credits')}
        />
      )}

      {plans.data?.payments_mode === 'test' && (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: 4 }}>
          This server runs in test-payment mode: checkout is simulated and no card is ever charged.
        </Typography>
      )}

      <PlanComparison />
    </Box>
  );
}

type ActionFor = (item: CatalogueItem, label: string) => { label: string; onClick: () => void; disabled: boolean; busy: boolean };

interface PlansViewProps {
  catalogue: PlansResponse;
  interval: 'month' | 'year';
  context: PricingContext;
  plan: PlanKey | null;
  actionFor: ActionFor;
  onStartFree: () => void;
  onShowPacks: () => void;
}

function PlansView({ catalogue, interval, context, plan, actionFor, onStartFree, onShowPacks }: PlansViewProps) {
  const monthly = catalogue.subscriptions.find((item) => item.interval === 'month');
  const yearly = catalogue.subscriptions.find((item) => item.interval === 'year');
  const pro = interval === 'month' ? monthly : yearly;
  const { free_plan: freePlan } = catalogue;

  return (
    <Box sx={cardGrid}>
      <OfferCard
        name={freePlan.name}
        tagline="Try the whole studio on your own rooms."
        price={<PriceTag amount={formatPrice(freePlan.price)} suffix="forever" note="No credit card required" />}
        current={plan === 'free'}
        action={{ label: 'Start staging', onClick: onStartFree, disabled: plan !== null && plan !== 'free' }}
      >
        <FeatureList
          items={[
            `${pluralize(freePlan.credits ?? SIGNUP_CREDITS, 'credit')} to start`,
            `${pluralize(freePlan.rooms ?? FREE_PLAN_ROOMS, 'room')} to design`,
            'Every studio tool: detection, placement, walls',
            'Exports carry a small Stagecraft watermark',
          ]}
        />
      </OfferCard>

      {pro && (
        <OfferCard
          name="Pro"
          tagline="For stagers and agencies who stage every week."
          badge={monthly?.label}
          emphasised={context.emphasised === 'pro' || context.emphasised === null}
          note={context.emphasised === 'pro' ? RECOMMENDED : null}
          current={plan === 'pro'}
          price={
            <PriceTag
              amount={formatPrice(pro.price)}
              suffix={interval === 'month' ? 'per month' : 'per year'}
              note={
                interval === 'year'
                  ? `${formatPrice(pro.price / 12)} a month, billed yearly${pro.label ? ` · ${pro.label}` : ''}`
                  : yearly
                    ? `Or ${formatPrice(yearly.price)} a year${yearly.label ? `: ${yearly.label.toLowerCase()}` : ''}`
                    : null
              }
            />
          }
          action={actionFor(pro, interval === 'month' ? 'Go Pro monthly' : 'Go Pro yearly')}
        >
          <FeatureList items={PRO_PLAN_FEATURES} />
        </OfferCard>
      )}

      <OfferCard
        name="Pay As You Go"
        tagline="Credit packs for the listings that need them."
        emphasised={context.emphasised === 'credits'}
        note={context.emphasised === 'credits' ? RECOMMENDED : null}
        price={
          <PriceTag
            amount={formatPrice(catalogue.paid_plans_start_from)}
            suffix="and up"
            note="One-time purchase, credits never expire"
          />
        }
        action={{ label: 'See credit packs', onClick: onShowPacks }}
      >
        <FeatureList
          items={[
            ...catalogue.credit_packs.map(
              (pack) => `${pack.name}: ${pluralize(pack.credits ?? 0, 'credit')} for ${formatPrice(pack.price)}`,
            ),
            'No watermark on exports',
            'Design history',
          ]}
        />
      </OfferCard>
    </Box>
  );
}

function CreditPacksView({
  catalogue,
  context,
  actionFor,
}: {
  catalogue: PlansResponse;
  context: PricingContext;
  actionFor: ActionFor;
}) {
  const packs = catalogue.credit_packs;
  // The catalogue's labelled pack ("Best value") is the one to draw the eye to when credits are recommended.
  const featured = packs.find((pack) => pack.label) ?? packs.at(-1);

  return (
    <>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', textAlign: 'center', mb: 4 }}>
        Buy credits: one-time packs that never expire
      </Typography>
      <Box sx={cardGrid}>
        {packs.map((pack) => {
          const credits = pack.credits ?? 0;
          const emphasised = context.emphasised === 'credits' && pack.key === featured?.key;
          return (
            <OfferCard
              key={pack.key}
              name={pack.name}
              tagline={`${pluralize(credits, 'credit')}, ${formatPrice(pack.price / credits)} per credit.`}
              badge={pack.label}
              emphasised={emphasised}
              note={emphasised ? RECOMMENDED : null}
              price={<PriceTag amount={formatPrice(pack.price)} suffix="one-time" note="Credits never expire" />}
              action={actionFor(pack, `Buy ${pack.name}`)}
            >
              <FeatureList
                items={[`${pluralize(credits, 'credit')} added at once`, 'No watermark on exports', 'Design history']}
              />
            </OfferCard>
          );
        })}
      </Box>
    </>
  );
}
