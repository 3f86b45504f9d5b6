/** Who is calling, as the accounts read model knows them now (the role is never taken from the token). */
export interface SessionUser {
  userName: string;
  name: string;
  roleId: number;
}
