import { describe, expect, it } from 'vitest';
import { isAllowed } from '../../platform/authorization.ts';
import type { UserRow } from '../../platform/users.ts';

const ORG = '11111111-1111-4111-8111-111111111111';
const OTHER_ORG = '22222222-2222-4222-8222-222222222222';
const user = (role: 'owner' | 'member', id: string, system = false): UserRow => ({
  id, email: `${id}@example.com`, username: id, name: '', role, is_system: system, login_type: 'password', password_hash: null, organization_id: ORG,
});
const owner = user('owner', 'o');
const member = user('member', 'm');
const system = user('owner', 's', true);

describe('the role model', () => {
  it('lets an owner do anything, the wildcard included', () => {
    for (const type of ['workspace', 'template', 'deployment_config', '*']) {
      expect(isAllowed(owner, 'delete', { resource_type: type, organization_id: OTHER_ORG })).toBe(true);
    }
  });

  it('lets a member manage what they own, honouring owner_id and organization_id', () => {
    expect(isAllowed(member, 'delete', { resource_type: 'workspace', owner_id: 'm' })).toBe(true);
    expect(isAllowed(member, 'read', { resource_type: 'workspace', owner_id: 'me', organization_id: ORG })).toBe(true);
    expect(isAllowed(member, 'read', { resource_type: 'workspace', owner_id: 'm', organization_id: OTHER_ORG })).toBe(false);
    expect(isAllowed(member, 'read', { resource_type: 'workspace', owner_id: 'm', organization_id: OTHER_ORG, any_org: true })).toBe(true);
    expect(isAllowed(member, 'read', { resource_type: 'workspace', owner_id: 'o' })).toBe(false);
    expect(isAllowed(member, 'read', { resource_type: 'workspace' })).toBe(false);
  });

  it('lets a member read organization resources of their organization or any_org', () => {
    expect(isAllowed(member, 'read', { resource_type: 'template', organization_id: ORG })).toBe(true);
    expect(isAllowed(member, 'read', { resource_type: 'template', any_org: true })).toBe(true);
    expect(isAllowed(member, 'read', { resource_type: 'template' })).toBe(false);
    expect(isAllowed(member, 'read', { resource_type: 'template', organization_id: OTHER_ORG })).toBe(false);
    expect(isAllowed(member, 'update', { resource_type: 'template', organization_id: ORG })).toBe(false);
  });

  it('lets a member read users and change only themselves', () => {
    expect(isAllowed(member, 'read', { resource_type: 'user', resource_id: 'o' })).toBe(true);
    expect(isAllowed(member, 'update', { resource_type: 'user', resource_id: 'm' })).toBe(true);
    expect(isAllowed(member, 'update', { resource_type: 'user', resource_id: 'o' })).toBe(false);
  });

  it('denies the wildcard, unknown types and system users', () => {
    expect(isAllowed(member, 'read', { resource_type: '*' })).toBe(false);
    expect(isAllowed(member, 'read', { resource_type: 'deployment_config' })).toBe(false);
    expect(isAllowed(system, 'read', { resource_type: 'workspace', owner_id: 's' })).toBe(false);
  });
});
