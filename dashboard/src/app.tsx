// The shell: session guard, the account's profile, the navigation and the page for the path.
import type { Profile } from '@offpeak/cloud/contract';
import type { ComponentChildren, ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { AccountContext } from './account.js';
import { ApiError, getProfile } from './api.js';
import { getSession, setSession, subscribeSession } from './session.js';
import { nextPage } from './next-page.js';
import { matchRoute, navigate, onLinkClick, usePath } from './router.js';
import { Failed, Loading } from './components/states.js';
import { SignIn, SignUp } from './views/auth.js';
import { ForgotPassword, ResetPassword } from './views/password-reset.js';
import { AppliancesList } from './views/appliances.js';
import { ApplianceEdit, ApplianceNew } from './views/appliance-edit.js';
import { Comfort } from './views/comfort.js';
import { HomeView } from './views/home.js';
import { PlanView } from './views/plan.js';
import { PlanHistory } from './views/plan-history.js';
import { Satellites } from './views/satellites.js';
import { Savings } from './views/savings.js';
import { Tariff } from './views/tariff.js';

const NAV = [
  { href: '/plan', label: 'Plan' },
  { href: '/appliances', label: 'Appliances' },
  { href: '/comfort', label: 'Comfort' },
  { href: '/tariff', label: 'Tariff' },
  { href: '/savings', label: 'Savings' },
  { href: '/satellites', label: 'Satellites' },
  { href: '/home', label: 'Home' },
];

const PUBLIC = ['/signin', '/signup', '/forgot-password', '/reset-password'];

/** Pages of a forgotten password: shown signed in or not (a reset link may be opened in a signed-in browser). */
const PASSWORD_PAGES: Record<string, ComponentType> = { '/forgot-password': ForgotPassword, '/reset-password': ResetPassword };

/** The page to open after signing in: the one a redirect to sign-in named, else the plan. */
const pageAfterSignIn = () => nextPage(new URLSearchParams(location.search).get('next'), location.origin, PUBLIC, '/plan');

function useSignedIn(): boolean {
  const [signedIn, setSignedIn] = useState(getSession() !== null);
  useEffect(() => {
    // Effects run after the first paint, which a background tab holds back: a refresh refused
    // before then has already signed out.
    const follow = () => setSignedIn(getSession() !== null);
    follow();
    return subscribeSession(follow);
  }, []);
  return signedIn;
}

export function App() {
  const path = usePath();
  const signedIn = useSignedIn();
  useEffect(() => {
    // A signed-out visit to a page goes to sign-in, which brings the person back to that page.
    if (!signedIn && !PUBLIC.includes(path)) navigate(path === '/' ? '/signin' : `/signin?next=${encodeURIComponent(path + location.search)}`, true);
    else if (signedIn && ((PUBLIC.includes(path) && !PASSWORD_PAGES[path]) || path === '/')) navigate(pageAfterSignIn(), true);
  }, [signedIn, path]);

  const PasswordPage = PASSWORD_PAGES[path];
  if (PasswordPage) {
    return (
      <Frame nav={false}>
        <PasswordPage />
      </Frame>
    );
  }
  if (!signedIn) {
    return <Frame nav={false}>{path === '/signup' ? <SignUp /> : <SignIn />}</Frame>;
  }
  return <SignedIn path={path} />;
}

function SignedIn({ path }: { path: string }) {
  const [profile, setProfile] = useState<Profile | null>(null);
  const [error, setError] = useState<unknown>(null);
  const userId = getSession()?.user.id;
  useEffect(() => {
    setProfile(null);
    getProfile().then(setProfile, (err) => {
      if (!(err instanceof ApiError && err.status === 401)) setError(err);
    });
  }, [userId]);
  if (error) return <Frame nav>{<Failed error={error} />}</Frame>;
  if (!profile) return <Frame nav>{<Loading what="your account" />}</Frame>;
  return (
    <AccountContext.Provider value={{ profile, setProfile }}>
      <Frame nav path={path} email={profile.email}>
        <Page path={path} />
      </Frame>
    </AccountContext.Provider>
  );
}

function Page({ path }: { path: string }) {
  if (path === '/plan' || path === '/') return <PlanView />;
  if (path === '/plan/history') return <PlanHistory />;
  if (path === '/appliances') return <AppliancesList />;
  if (path === '/appliances/new') return <ApplianceNew />;
  const edit = matchRoute('/appliances/:id', path);
  if (edit) return <ApplianceEdit id={edit.id!} />;
  if (path === '/comfort') return <Comfort />;
  if (path === '/tariff') return <Tariff />;
  if (path === '/savings') return <Savings />;
  if (path === '/satellites') return <Satellites />;
  if (path === '/home') return <HomeView />;
  return (
    <section>
      <h1 tabIndex={-1}>Page not found</h1>
      <p>
        There is no page at <code>{path}</code>.{' '}
        <a href="/plan" onClick={onLinkClick}>
          Go to today's plan
        </a>
        .
      </p>
    </section>
  );
}

function signOut(): void {
  navigate('/signin', true);
  setSession(null);
}

function Frame({ nav, path, email, children }: { nav: boolean; path?: string; email?: string; children: ComponentChildren }) {
  return (
    <>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="top">
        <a class="brand" href={nav ? '/plan' : '/signin'} onClick={onLinkClick}>
          Offpeak
        </a>
        {nav && (
          <nav aria-label="Main">
            <ul>
              {NAV.map((n) => (
                <li key={n.href}>
                  <a href={n.href} onClick={onLinkClick} aria-current={path?.startsWith(n.href) ? 'page' : undefined}>
                    {n.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {nav && (
          <div class="account">
            {email && <span class="email">{email}</span>}
            <button type="button" class="secondary" onClick={signOut}>
              Sign out
            </button>
          </div>
        )}
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
