/** Organisations, the six contract accounts plus extra customers, persons, addresses, permissions. */
import argon2 from 'argon2';
import {
  addresses,
  distributors,
  memberLimits,
  organisations,
  permissions,
  persons,
  rolePermissions,
  userPermissions,
  users,
} from '../schema/index.ts';
import { PERMISSION_KEYS, type PermissionKey, type UserRole } from '../schema/constants.ts';
import { daysAgo, insertMany, type SeedTx } from './util.ts';
import type { GeoIds } from './geo.ts';
import { DISTRIBUTOR, ORG, WAREHOUSE } from './ids.ts';

export const DEMO_PASSWORD = 'demo-pass-2026';

export const ACME_TAX_EXEMPT_ID = 'TX-EX-448812';

type Channel = 'US' | 'CA' | 'MX';
type AddressSeed = {
  label: string;
  address1: string;
  address2?: string;
  city: string;
  region: string;
  postal: string;
  country: string;
  phone?: string;
};
type PersonSeed = {
  email: string;
  first: string;
  last: string;
  phone: string;
  role?: UserRole;
  org?: number;
  accountType?: 'personal' | 'organization';
  channel: Channel;
  locale: string;
  warehouse?: number;
  addresses: AddressSeed[];
  joinedDaysAgo: number;
  /** false: a guest who checked out without an account (a person, no user). */
  user?: boolean;
};

/** People in id order: users first (their person id equals their user id), then guests. */
export const PEOPLE: PersonSeed[] = [
  {
    email: 'admin@example.com',
    first: 'Morgan',
    last: 'Reyes',
    phone: '515-555-0101',
    role: 'admin',
    org: ORG.maker,
    channel: 'US',
    locale: 'en-us',
    addresses: [],
    joinedDaysAgo: 900,
  },
  {
    email: 'staff@example.com',
    first: 'Sam',
    last: 'Whitfield',
    phone: '515-555-0102',
    role: 'staff',
    org: ORG.maker,
    channel: 'US',
    locale: 'en-us',
    addresses: [],
    joinedDaysAgo: 700,
  },
  {
    email: 'customer@example.com',
    first: 'Casey',
    last: 'Lindqvist',
    phone: '515-555-0143',
    role: 'customer',
    channel: 'US',
    locale: 'en-us',
    joinedDaysAgo: 420,
    addresses: [
      {
        label: 'Home',
        address1: '1412 Oakwood Drive',
        city: 'Ames',
        region: 'IA',
        postal: '50010',
        country: 'US',
        phone: '515-555-0143',
      },
      {
        label: 'Farm',
        address1: '28750 County Road 12',
        address2: 'Machine shed',
        city: 'Seward',
        region: 'NE',
        postal: '68434',
        country: 'US',
        phone: '402-555-0178',
      },
    ],
  },
  {
    email: 'buyer@acme.example',
    first: 'Jordan',
    last: 'Okafor',
    phone: '806-555-0190',
    role: 'customer',
    org: ORG.acme,
    accountType: 'organization',
    channel: 'US',
    locale: 'en-us',
    joinedDaysAgo: 380,
    addresses: [
      {
        label: 'Acme Farms HQ',
        address1: '4410 FM 1585',
        city: 'Lubbock',
        region: 'TX',
        postal: '79423',
        country: 'US',
        phone: '806-555-0190',
      },
      {
        label: 'North field yard',
        address1: '1180 County Road 5700',
        city: 'Shallowater',
        region: 'TX',
        postal: '79363',
        country: 'US',
      },
    ],
  },
  {
    email: 'distributor@example.com',
    first: 'Dana',
    last: 'Kowalski',
    phone: '701-555-0122',
    role: 'distributor',
    org: ORG.prairie,
    accountType: 'organization',
    channel: 'US',
    locale: 'en-us',
    joinedDaysAgo: 600,
    addresses: [
      {
        label: 'Prairie Supply warehouse',
        address1: '1020 Main Avenue',
        city: 'Fargo',
        region: 'ND',
        postal: '58103',
        country: 'US',
        phone: '701-555-0122',
      },
    ],
  },
  {
    email: 'warehouse@example.com',
    first: 'Riley',
    last: 'Tran',
    phone: '515-555-0160',
    role: 'warehouse',
    org: ORG.maker,
    channel: 'US',
    locale: 'en-us',
    warehouse: WAREHOUSE.us,
    addresses: [],
    joinedDaysAgo: 500,
  },
  {
    email: 'ethan.miller@example.net',
    first: 'Ethan',
    last: 'Miller',
    phone: '308-555-0131',
    channel: 'US',
    locale: 'en-us',
    joinedDaysAgo: 350,
    addresses: [
      { label: 'Home', address1: '5121 Antelope Road', city: 'Kearney', region: 'NE', postal: '68847', country: 'US' },
    ],
  },
  {
    email: 'maria.gonzalez@example.net',
    first: 'María',
    last: 'González',
    phone: '+52 33 5555 0147',
    channel: 'MX',
    locale: 'es-mx',
    joinedDaysAgo: 300,
    addresses: [
      {
        label: 'Rancho',
        address1: 'Carretera a Tesistán km 7',
        city: 'Zapopan',
        region: 'JAL',
        postal: '45200',
        country: 'MX',
      },
    ],
  },
  {
    email: 'luc.tremblay@example.net',
    first: 'Luc',
    last: 'Tremblay',
    phone: '450-555-0175',
    channel: 'CA',
    locale: 'fr-ca',
    joinedDaysAgo: 280,
    addresses: [
      {
        label: 'Ferme',
        address1: '2250 rang Saint-Simon',
        city: 'Saint-Hyacinthe',
        region: 'QC',
        postal: 'J2T 5H1',
        country: 'CA',
      },
    ],
  },
  {
    email: 'hannah.schmidt@example.net',
    first: 'Hannah',
    last: 'Schmidt',
    phone: '204-555-0119',
    channel: 'CA',
    locale: 'en-ca',
    joinedDaysAgo: 260,
    addresses: [
      {
        label: 'Home quarter',
        address1: '84 Richmond Avenue East',
        city: 'Brandon',
        region: 'MB',
        postal: 'R7A 7J8',
        country: 'CA',
      },
    ],
  },
  {
    email: 'tom.becker@example.net',
    first: 'Tom',
    last: 'Becker',
    phone: '507-555-0112',
    channel: 'US',
    locale: 'en-us',
    joinedDaysAgo: 240,
    addresses: [
      { label: 'Farm', address1: '61 Belgrade Avenue', city: 'Mankato', region: 'MN', postal: '56003', country: 'US' },
    ],
  },
  {
    email: 'grace.owens@example.net',
    first: 'Grace',
    last: 'Owens',
    phone: '217-555-0188',
    channel: 'US',
    locale: 'en-us',
    joinedDaysAgo: 220,
    addresses: [
      {
        label: 'Home',
        address1: '1907 South Neil Street',
        city: 'Champaign',
        region: 'IL',
        postal: '61820',
        country: 'US',
      },
    ],
  },
  {
    email: 'will.harper@acme.example',
    first: 'Will',
    last: 'Harper',
    phone: '806-555-0154',
    org: ORG.acme,
    accountType: 'organization',
    channel: 'US',
    locale: 'en-us',
    joinedDaysAgo: 200,
    addresses: [
      {
        label: 'Acme Farms shop',
        address1: '4410 FM 1585',
        address2: 'Shop B',
        city: 'Lubbock',
        region: 'TX',
        postal: '79423',
        country: 'US',
      },
    ],
  },
  {
    email: 'priya.nair@northernag.example',
    first: 'Priya',
    last: 'Nair',
    phone: '403-555-0166',
    org: ORG.northern,
    accountType: 'organization',
    channel: 'CA',
    locale: 'en-ca',
    joinedDaysAgo: 180,
    addresses: [
      {
        label: 'Co-op depot',
        address1: '3305 18 Avenue North',
        city: 'Lethbridge',
        region: 'AB',
        postal: 'T1H 5S1',
        country: 'CA',
      },
    ],
  },
  {
    email: 'luis.herrera@valleverde.example',
    first: 'Luis',
    last: 'Herrera',
    phone: '+52 667 555 0139',
    org: ORG.valle,
    accountType: 'organization',
    channel: 'MX',
    locale: 'es-mx',
    joinedDaysAgo: 160,
    addresses: [
      {
        label: 'Bodega',
        address1: 'Blvd. Emiliano Zapata 2870',
        city: 'Culiacán',
        region: 'SIN',
        postal: '80020',
        country: 'MX',
      },
    ],
  },
  {
    email: 'jake.sorensen@example.net',
    first: 'Jake',
    last: 'Sorensen',
    phone: '605-555-0171',
    channel: 'US',
    locale: 'en-us',
    joinedDaysAgo: 120,
    addresses: [
      {
        label: 'Home',
        address1: '4700 West 41st Street',
        city: 'Sioux Falls',
        region: 'SD',
        postal: '57106',
        country: 'US',
      },
    ],
  },
  // Guests: bought without an account.
  {
    email: 'bill.dawson@example.org',
    first: 'Bill',
    last: 'Dawson',
    phone: '641-555-0109',
    channel: 'US',
    locale: 'en-us',
    joinedDaysAgo: 330,
    user: false,
    addresses: [
      {
        label: 'Ship to',
        address1: '310 North Federal Avenue',
        city: 'Mason City',
        region: 'IA',
        postal: '50401',
        country: 'US',
      },
    ],
  },
  {
    email: 'nora.fitzgerald@example.org',
    first: 'Nora',
    last: 'Fitzgerald',
    phone: '785-555-0127',
    channel: 'US',
    locale: 'en-us',
    joinedDaysAgo: 210,
    user: false,
    addresses: [
      {
        label: 'Ship to',
        address1: '1600 Fort Riley Boulevard',
        city: 'Manhattan',
        region: 'KS',
        postal: '66502',
        country: 'US',
      },
    ],
  },
  {
    email: 'pete.alvarez@example.org',
    first: 'Pete',
    last: 'Alvarez',
    phone: '559-555-0185',
    channel: 'US',
    locale: 'en-us',
    joinedDaysAgo: 150,
    user: false,
    addresses: [
      {
        label: 'Ship to',
        address1: '2740 East Shields Avenue',
        city: 'Fresno',
        region: 'CA',
        postal: '93726',
        country: 'US',
      },
    ],
  },
  {
    email: 'anne.marchand@example.org',
    first: 'Anne',
    last: 'Marchand',
    phone: '306-555-0158',
    channel: 'CA',
    locale: 'en-ca',
    joinedDaysAgo: 90,
    user: false,
    addresses: [
      {
        label: 'Ship to',
        address1: '1875 Victoria Avenue',
        city: 'Regina',
        region: 'SK',
        postal: 'S4P 0R1',
        country: 'CA',
      },
    ],
  },
];

/** What each role may do; admin has every key. Customers have none (their own orders need no key). */
export const ROLE_PERMISSIONS: Record<UserRole, readonly PermissionKey[]> = {
  admin: PERMISSION_KEYS,
  staff: [
    'orders.view',
    'orders.edit',
    'orders.pay',
    'customers.view',
    'customers.edit',
    'products.edit',
    'dashboard.view',
    'reports.view',
    'calendar.edit',
    'quotes.manage',
  ],
  distributor: ['dashboard.view'],
  warehouse: ['dashboard.view', 'inventory.edit'],
  customer: [],
};

const PERMISSION_DESCRIPTIONS: Record<PermissionKey, string> = {
  'orders.view': 'View and search orders',
  'orders.edit': 'Create and edit orders, tax exemption and shipping methods',
  'orders.pay': 'Take and refresh payments on orders',
  'customers.view': 'View and search customers',
  'customers.edit': 'Edit customers, their addresses and organisations',
  'products.edit': 'Use the product editor',
  'promotions.edit': 'Create and edit promotions',
  'warehouses.manage': 'Add warehouses and regenerate their API keys',
  'inventory.edit': 'Edit warehouse inventory',
  'media.edit': 'Upload and edit media',
  'reports.view': 'See order and survey reports',
  'instructionals.edit': 'Edit instructionals, videos and tools',
  'webhooks.edit': 'Edit integration webhooks',
  'permissions.edit': 'Grant and revoke permissions',
  'calendar.edit': 'Edit the calendar',
  'logs.view': 'Read the audit log',
  'translations.edit': 'Edit interface translations',
  'epp.admin': 'Choose any EPP down payment and term',
  'services.view': 'See the system service list',
  'dashboard.view': 'Open the dashboard',
  'organisation.users': "Invite and remove the users of one's own organisation",
  'quotes.manage': 'See quote requests and send counter-offers',
};

/**
 * Keys granted to single demo users on top of their role: the Acme buyer administers Acme's users;
 * Will Harper too, as Acme's purchasing approver (he approves the buyer's carts over the limit).
 */
const USER_GRANTS: { email: string; key: PermissionKey; reason: string }[] = [
  { email: 'buyer@acme.example', key: 'organisation.users', reason: "Acme Farms' account administrator" },
  { email: 'will.harper@acme.example', key: 'organisation.users', reason: "Acme Farms' purchasing approver" },
];

/**
 * Spending limits: the Acme buyer may place up to $2,500.00 an order on their own (seed
 * plates, parts); a planter goes to Acme's approvers first. No period limit (their past orders would count).
 */
const MEMBER_LIMITS: {
  email: string;
  org: number;
  perOrderLimit: string | null;
  perPeriodLimit: string | null;
  period: 'month' | 'quarter';
}[] = [{ email: 'buyer@acme.example', org: ORG.acme, perOrderLimit: '2500.00', perPeriodLimit: null, period: 'month' }];

export type PersonRef = {
  personId: number;
  userId: number | null;
  email: string;
  name: string;
  org: number | null;
  channel: Channel;
  locale: string;
  /** Address ids with their country and region, default first. */
  addresses: { id: number; country: string; region: string; postalCode: string }[];
};

export const ORGANISATIONS = [
  {
    id: ORG.maker,
    name: 'Harrow & Drill Manufacturing',
    taxExemptId: null,
    bizType: null,
    orgDiscount: '0.00',
    distributorAmount: 3,
    netTermsDays: null,
    creditLimit: '0.00',
  },
  {
    id: ORG.acme,
    name: 'Acme Farms',
    taxExemptId: ACME_TAX_EXEMPT_ID,
    bizType: 'agricultural_producer',
    orgDiscount: '5.00',
    distributorAmount: 3,
    netTermsDays: 30,
    creditLimit: '25000.00',
  }, // pays on net 30 terms
  {
    id: ORG.prairie,
    name: 'Prairie Supply',
    taxExemptId: null,
    bizType: 'distributor',
    orgDiscount: '12.00',
    distributorAmount: 3,
    netTermsDays: null,
    creditLimit: '0.00',
  },
  {
    id: ORG.northern,
    name: 'Northern Ag Co-op',
    taxExemptId: null,
    bizType: 'cooperative',
    orgDiscount: '3.00',
    distributorAmount: 2,
    netTermsDays: null,
    creditLimit: '0.00',
  },
  {
    id: ORG.valle,
    name: 'Valle Verde Agrícola',
    taxExemptId: null,
    bizType: 'agricultural_producer',
    orgDiscount: '0.00',
    distributorAmount: 2,
    netTermsDays: null,
    creditLimit: '0.00',
  },
];

export async function seedOrganisations(tx: SeedTx): Promise<void> {
  const at = daysAgo(950);
  await insertMany(
    tx,
    organisations,
    ORGANISATIONS.map((o) => ({ ...o, createdAt: at, updatedAt: at })),
  );
  await insertMany(tx, distributors, [
    { id: DISTRIBUTOR.prairie, organisationId: ORG.prairie, name: 'Prairie Supply', createdAt: at, updatedAt: at },
    { id: DISTRIBUTOR.greatPlains, organisationId: null, name: 'Great Plains Parts', createdAt: at, updatedAt: at },
  ]);
}

export async function seedAccounts(tx: SeedTx, geo: GeoIds): Promise<PersonRef[]> {
  // One argon2id hash for every demo account: hashing is deliberately slow.
  const passwordHash = await argon2.hash(DEMO_PASSWORD, { type: argon2.argon2id });

  await insertMany(
    tx,
    permissions,
    PERMISSION_KEYS.map((key) => ({ key, description: PERMISSION_DESCRIPTIONS[key] })),
  );
  await insertMany(
    tx,
    rolePermissions,
    Object.entries(ROLE_PERMISSIONS).flatMap(([role, keys]) => keys.map((permissionKey) => ({ role, permissionKey }))),
  );

  const userRows: (typeof users.$inferInsert)[] = [];
  const personRows: (typeof persons.$inferInsert)[] = [];
  const addressRows: (typeof addresses.$inferInsert)[] = [];
  const refs: PersonRef[] = [];
  PEOPLE.forEach((p, i) => {
    const id = i + 1;
    const joined = daysAgo(p.joinedDaysAgo);
    const isUser = p.user !== false;
    if (isUser) {
      userRows.push(userRow(p, i, passwordHash, geo));
    }
    personRows.push({
      id,
      firstName: p.first,
      lastName: p.last,
      phone: p.phone,
      email: p.email,
      userId: isUser ? id : null,
      organisationId: p.org ?? null,
      createdAt: joined,
      updatedAt: joined,
    });
    const ref: PersonRef = {
      personId: id,
      userId: isUser ? id : null,
      email: p.email,
      name: `${p.first} ${p.last}`,
      org: p.org ?? null,
      channel: p.channel,
      locale: p.locale,
      addresses: [],
    };
    p.addresses.forEach((a, k) => {
      const addressId = addressRows.length + 1;
      addressRows.push(addressRow(p, a, { id, addressId, first: k === 0, joined }));
      ref.addresses.push({ id: addressId, country: a.country, region: a.region, postalCode: a.postal });
    });
    refs.push(ref);
  });
  await insertMany(tx, users, userRows);
  await insertMany(tx, persons, personRows);
  await insertMany(tx, addresses, addressRows);
  const idOf = new Map(userRows.map((u) => [u.email, u.id!]));
  await insertMany(
    tx,
    userPermissions,
    USER_GRANTS.map((g) => ({ userId: idOf.get(g.email)!, permissionKey: g.key, granted: true, reason: g.reason })),
  );
  await insertMany(
    tx,
    memberLimits,
    MEMBER_LIMITS.map((l) => ({
      organisationId: l.org,
      userId: idOf.get(l.email)!,
      perOrderLimit: l.perOrderLimit,
      perPeriodLimit: l.perPeriodLimit,
      period: l.period,
    })),
  );
  return refs;
}

type Person = (typeof PEOPLE)[number];

/** A demo person's login (every demo account shares the one password hash). */
function userRow(p: Person, i: number, passwordHash: string, geo: GeoIds): typeof users.$inferInsert {
  const id = i + 1;
  const joined = daysAgo(p.joinedDaysAgo);
  return {
    id,
    email: p.email,
    passwordHash,
    firstName: p.first,
    lastName: p.last,
    phone: p.phone,
    role: p.role ?? 'customer',
    accountType: p.accountType ?? 'personal',
    organisationId: p.org ?? null,
    warehouseId: p.warehouse ?? null,
    locale: p.locale,
    channelId: geo.channelId[p.channel],
    lastLoginAt: daysAgo(Math.min(p.joinedDaysAgo, 3 + (i % 7))),
    createdAt: joined,
    updatedAt: joined,
  };
}

/** One of a demo person's addresses, named after their organisation's company. */
function addressRow(
  p: Person,
  a: Person['addresses'][number],
  r: { id: number; addressId: number; first: boolean; joined: Date },
): typeof addresses.$inferInsert {
  const { id, addressId, joined } = r;
  const isUser = p.user !== false;
  return {
    id: addressId,
    personId: id,
    userId: isUser ? id : null,
    label: a.label,
    firstName: p.first,
    lastName: p.last,
    company:
      p.org === ORG.acme
        ? 'Acme Farms'
        : p.org === ORG.prairie
          ? 'Prairie Supply'
          : p.org === ORG.northern
            ? 'Northern Ag Co-op'
            : p.org === ORG.valle
              ? 'Valle Verde Agrícola'
              : null,
    address1: a.address1,
    address2: a.address2 ?? null,
    city: a.city,
    regionCode: a.region,
    postalCode: a.postal,
    countryCode: a.country,
    phone: a.phone ?? p.phone,
    isDefault: r.first,
    createdAt: joined,
    updatedAt: joined,
  };
}
