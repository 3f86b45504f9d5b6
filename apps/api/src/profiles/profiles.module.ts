import { Module } from '@nestjs/common';
import { SharedReadsModule } from '../shared/shared-reads.module';
import { postIdGeneratorProvider } from '../shared/post-id.generator';
import { ChangeProfileHandler } from './change-profile.command';
import { EraseAccountHandler } from './erase-account.command';
import { erasureProvider } from './erase-account';
import { ExportUserDataHandler } from './export-user-data.query';
import { ProfileReader } from './profile-reader';
import { UserTagsController } from './user-tags.controller';
import { UserController } from './user.controller';

/** Profiles (basic info, skills, histories), one's own data export and the erase (SPEC §7 'User'). */
@Module({
  imports: [SharedReadsModule],
  controllers: [UserController, UserTagsController],
  providers: [postIdGeneratorProvider, ProfileReader, ChangeProfileHandler, EraseAccountHandler, erasureProvider, ExportUserDataHandler],
  exports: [ProfileReader],
})
export class ProfilesModule {}
