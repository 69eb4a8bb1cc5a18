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
import { PERMISSION_KEYS } from '../schema/constants.ts';
import { daysAgo, insertMany, type SeedTx } from './util.ts';
import type { GeoIds } from './geo.ts';
import { DISTRIBUTOR, ORG } from './ids.ts';
import { PEOPLE } from './accounts-people.ts';
import { MEMBER_LIMITS, PERMISSION_DESCRIPTIONS, ROLE_PERMISSIONS, USER_GRANTS } from './accounts-permissions.ts';
import type { PersonRef } from './accounts-types.ts';

export const DEMO_PASSWORD = 'demo-pass-2026';

export const ACME_TAX_EXEMPT_ID = 'TX-EX-448812';

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
