/** The shapes of the demo people and of the references the order seeds take from them. */
import type { UserRole } from '../schema/constants.ts';

export type Channel = 'US' | 'CA' | 'MX';
export type AddressSeed = {
  label: string;
  address1: string;
  address2?: string;
  city: string;
  region: string;
  postal: string;
  country: string;
  phone?: string;
};
export type PersonSeed = {
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
