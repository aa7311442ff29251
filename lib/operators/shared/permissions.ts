// The one table of who may do what in the console. Pages (requireOperator) and console APIs
// (operatorRoute) must name an action from it; `fresh` actions also need a recent sign-in.

export const OPERATOR_ROLES = ["owner", "operator", "read_only"] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const ROLE_LABELS: Record<OperatorRole, string> = {
  owner: "Owner",
  operator: "Operator",
  read_only: "Read-only",
};

export const ROLE_DESCRIPTIONS: Record<OperatorRole, string> = {
  owner:
    "everything, including inviting and removing operators, changing roles, publishing prices and managing coupons",
  operator:
    "everyday work: refunds, cancellations, privacy requests, lead notes, test/spam flags, experiments, exports",
  read_only: "sees the console; changes and exports nothing",
};

const EVERYONE: readonly OperatorRole[] = OPERATOR_ROLES;
const STAFF: readonly OperatorRole[] = ["owner", "operator"];
const OWNERS: readonly OperatorRole[] = ["owner"];

export const CONSOLE_ACTIONS = {
  /** Every console page: reports, lists, details, the audit log, the operators list. */
  "console.view": { roles: EVERYONE, fresh: false, doing: "see the console" },
  "operators.manage": { roles: OWNERS, fresh: true, doing: "invite or remove operators, or change roles" },
  "orders.refund": { roles: STAFF, fresh: true, doing: "refund orders" },
  /** A new price charges every order from then on. */
  "catalog.publish": { roles: OWNERS, fresh: true, doing: "publish prices" },
  /** A coupon lowers what checkout charges. */
  "coupons.manage": { roles: OWNERS, fresh: true, doing: "create or deactivate coupons" },
  "orders.cancel": { roles: STAFF, fresh: false, doing: "cancel subscriptions" },
  /** Adding seats charges the buyer; removing them changes what renews. */
  "orders.seats": { roles: STAFF, fresh: true, doing: "change a subscription's seats" },
  "privacy.export": { roles: STAFF, fresh: true, doing: "export personal data" },
  "privacy.erase": { roles: STAFF, fresh: true, doing: "erase personal data" },
  "privacy.handle": { roles: STAFF, fresh: false, doing: "apply or complete privacy requests" },
  "experiments.manage": { roles: STAFF, fresh: false, doing: "create, edit, delete, start or stop experiments" },
  "leads.export": { roles: STAFF, fresh: true, doing: "export leads, orders or events" },
  "leads.annotate": { roles: STAFF, fresh: false, doing: "add notes or tags to leads" },
  "leads.email": { roles: STAFF, fresh: false, doing: "send e-mails to leads" },
  /** Sequence steps, pausing a sequence, and test sends of a draft to the operator's own address. */
  "email.write": { roles: STAFF, fresh: false, doing: "edit marketing e-mails or send tests" },
  /** A marketing e-mail to a segment of leads: drafts, scheduling and cancelling. */
  "broadcasts.manage": { roles: STAFF, fresh: false, doing: "write, schedule or cancel broadcasts" },
  /** Test and spam flags leave rows out of every report. */
  "records.flag": { roles: STAFF, fresh: false, doing: "mark leads or orders as test or spam" },
  /** Demo mode only: bills every subscription period the moved clock passes. */
  "demo.clock": { roles: OWNERS, fresh: false, doing: "advance the demo clock" },
  /** The operator's own console settings (their time zone). */
  "settings.own": { roles: EVERYONE, fresh: false, doing: "change your own console settings" },
  /** Adding a passkey or changing another sign-in factor. */
  "factors.change": { roles: EVERYONE, fresh: true, doing: "change your sign-in factors" },
} as const satisfies Record<string, { roles: readonly OperatorRole[]; fresh: boolean; doing: string }>;

export type ConsoleAction = keyof typeof CONSOLE_ACTIONS;

export function can(role: OperatorRole, action: ConsoleAction): boolean {
  return CONSOLE_ACTIONS[action].roles.includes(role);
}

export function needsFreshSignIn(action: ConsoleAction): boolean {
  return CONSOLE_ACTIONS[action].fresh;
}

/** Why a button is missing or disabled, for the person looking at it. */
export function refusalReason(role: OperatorRole, action: ConsoleAction): string {
  return `${ROLE_LABELS[role]} operators cannot ${CONSOLE_ACTIONS[action].doing}. Ask an owner.`;
}

export function isOperatorRole(value: unknown): value is OperatorRole {
  return typeof value === "string" && (OPERATOR_ROLES as readonly string[]).includes(value);
}
