import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { GoTrueClient, Session, User } from "@supabase/auth-js";
import { needsSecondFactor } from "./assurance";
import { authClient, rememberNextSession, storedRecoveryUser, storeRecoveryUser, takeRecoveryLink } from "./auth-client";
import {
  REGISTER_MESSAGES,
  SIGN_IN_MESSAGES,
  authErrorMessage,
  signInErrorMessage,
  signOutErrorMessage,
} from "~/lib/auth-messages";
import { normalizeEmail } from "~/lib/credentials";
import { paths } from "~/lib/paths";
import type { AuthSnapshot } from "./guards";
import {
  PROFILE_WAIT_MS,
  profileKey,
  profileQueryOptions,
  profileRefetchInterval,
  profileRetryDelay,
  shouldRetryProfile,
  type Profile,
} from "./profile-api";
import { ApiError } from "~/lib/api";

export type AuthResult = { error: string | null };

export type SignUpInput = { email: string; password: string; fullName: string };

export type AuthContextValue = {
  client: GoTrueClient;
  /** The initial session check has finished. */
  initialized: boolean;
  /** True until the initial check finishes, and while a signed-in user's profile is awaited (at most 8 s; then the app continues without one). */
  loading: boolean;
  session: Session | null;
  user: User | null;
  profile: Profile | null;
  /** Signed in with a password, the second factor still to be entered. */
  mfaRequired: boolean;
  /** The session came from a password-reset link and may set a new password without the old one. */
  recovery: boolean;
  snapshot: AuthSnapshot;
  signIn(email: string, password: string, remember: boolean): Promise<AuthResult>;
  signUp(input: SignUpInput): Promise<AuthResult>;
  signOut(): Promise<AuthResult>;
  /** Loads the profile again (after it changed) and resolves with it, or null when it cannot be read. */
  refreshProfile(): Promise<Profile | null>;
  /** The profile of the current session, from the cache or the server; null on error or after the 8 s wait. */
  loadProfile(): Promise<Profile | null>;
  endRecovery(): void;
};

const AuthContext = createContext<AuthContextValue | null>(null);

type AuthState = { initialized: boolean; session: Session | null };

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [client] = useState(authClient);
  const [state, setState] = useState<AuthState>({ initialized: false, session: null });
  const [recoveryUser, setRecoveryUser] = useState<string | null>(storedRecoveryUser);
  const [profileWaitOverFor, setProfileWaitOverFor] = useState<string | null>(null);

  useEffect(() => {
    const {
      data: { subscription },
    } = client.onAuthStateChange((event, incoming) => {
      let session = incoming;
      if (session && !session.user.email_confirmed_at) {
        // Only a confirmed address counts as signed in; anything else is cleared. The client's own
        // calls must not run inside its callback, hence the timer.
        session = null;
        window.setTimeout(() => void client.signOut({ scope: "local" }), 0);
      }
      if (session && (event === "PASSWORD_RECOVERY" || takeRecoveryLink())) {
        storeRecoveryUser(session.user.id);
        setRecoveryUser(session.user.id);
      }
      if (!session) {
        storeRecoveryUser(null);
        setRecoveryUser(null);
        setProfileWaitOverFor(null);
        if (event === "SIGNED_OUT") queryClient.removeQueries();
      }
      setState({ initialized: true, session });
    });
    return () => subscription.unsubscribe();
  }, [client, queryClient]);

  useEffect(() => {
    // A 401 from the API means the server has ended this session (signed out elsewhere, password
    // changed, account rejected) while the access token has not expired yet: drop it here too.
    const signOutOnUnauthorized = (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) void client.signOut({ scope: "local" });
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") signOutOnUnauthorized(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") signOutOnUnauthorized(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [client, queryClient]);

  const { session, initialized } = state;
  const userId = session?.user.id ?? null;
  const mfaRequired = needsSecondFactor(session);
  const profileEnabled = userId !== null && !mfaRequired;
  // A profile that does not arrive is fetched again in the background until it does; the portal
  // continues without it once the wait is over.
  const profileQuery = useQuery({
    ...profileQueryOptions(userId ?? "", session?.access_token ?? ""),
    enabled: profileEnabled,
    retry: shouldRetryProfile,
    retryDelay: profileRetryDelay,
    refetchInterval: (query) => profileRefetchInterval(query.state),
  });
  const awaitingProfile = profileEnabled && profileQuery.isPending;

  useEffect(() => {
    if (!awaitingProfile || userId === null) return;
    const timer = window.setTimeout(() => setProfileWaitOverFor(userId), PROFILE_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [awaitingProfile, userId]);

  const profile = profileEnabled ? (profileQuery.data ?? null) : null;
  const loading = !initialized || (awaitingProfile && profileWaitOverFor !== userId);
  const recovery = session !== null && recoveryUser === session.user.id;

  const signIn = useCallback(
    async (email: string, password: string, remember: boolean): Promise<AuthResult> => {
      rememberNextSession(remember);
      try {
        const { data, error } = await client.signInWithPassword({ email: normalizeEmail(email), password });
        if (error) return { error: signInErrorMessage(error) };
        if (!data.user || !data.session) return { error: SIGN_IN_MESSAGES.noUserData };
        if (!data.user.email_confirmed_at) {
          await client.signOut({ scope: "local" });
          return { error: SIGN_IN_MESSAGES.emailNotConfirmed };
        }
        return { error: null };
      } catch {
        return { error: SIGN_IN_MESSAGES.unexpected };
      }
    },
    [client],
  );

  const signUp = useCallback(
    async ({ email, password, fullName }: SignUpInput): Promise<AuthResult> => {
      try {
        const { data, error } = await client.signUp({
          email: normalizeEmail(email),
          password,
          options: {
            data: { full_name: fullName.trim() },
            emailRedirectTo: `${window.location.origin}${paths.portal.dashboard}`,
          },
        });
        if (error) return { error: authErrorMessage(error, REGISTER_MESSAGES.generic) };
        // An address that is already registered answers with a user without identities; that is
        // reported as success too, so the form never tells who has an account.
        if (!data.user) return { error: REGISTER_MESSAGES.noUserData };
        // A server that confirms addresses itself signs the new user in; access still waits for approval.
        if (data.session) await client.signOut({ scope: "local" });
        return { error: null };
      } catch {
        return { error: REGISTER_MESSAGES.generic };
      }
    },
    [client],
  );

  const signOut = useCallback(async (): Promise<AuthResult> => {
    try {
      const { error } = await client.signOut({ scope: "local" });
      return { error: signOutErrorMessage(error) };
    } catch {
      return { error: signOutErrorMessage({}) };
    }
  }, [client]);

  const loadProfile = useCallback(async (): Promise<Profile | null> => {
    const { data } = await client.getSession();
    const current = data.session;
    if (!current) return null;
    let timer: number | undefined;
    const waitOver = new Promise<null>((resolve) => {
      timer = window.setTimeout(() => resolve(null), PROFILE_WAIT_MS);
    });
    try {
      return await Promise.race([queryClient.fetchQuery(profileQueryOptions(current.user.id, current.access_token)), waitOver]);
    } catch {
      return null;
    } finally {
      window.clearTimeout(timer);
    }
  }, [client, queryClient]);

  const refreshProfile = useCallback(async (): Promise<Profile | null> => {
    const { data } = await client.getSession();
    const current = data.session;
    if (!current) return null;
    await queryClient.invalidateQueries({ queryKey: profileKey(current.user.id) });
    return queryClient.getQueryData(profileKey(current.user.id)) ?? null;
  }, [client, queryClient]);

  const endRecovery = useCallback(() => {
    storeRecoveryUser(null);
    setRecoveryUser(null);
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      client,
      initialized,
      loading,
      session,
      user: session?.user ?? null,
      profile,
      mfaRequired,
      recovery,
      snapshot: { initialized, loading, signedIn: session !== null, mfaRequired, profile },
      signIn,
      signUp,
      signOut,
      refreshProfile,
      loadProfile,
      endRecovery,
    }),
    [client, initialized, loading, session, profile, mfaRequired, recovery, signIn, signUp, signOut, refreshProfile, loadProfile, endRecovery],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>.");
  return value;
}

/** The auth state where there is one; null outside <AuthProvider> (the frame shown while the app itself loads). */
export function useOptionalAuth(): AuthContextValue | null {
  return useContext(AuthContext);
}

/** The signed-in user's access token, for /api/v1 calls (an empty string when signed out). */
export function useAccessToken(): string {
  return useAuth().session?.access_token ?? "";
}
