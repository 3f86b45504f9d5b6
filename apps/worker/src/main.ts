import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Module } from '@nestjs/common';
import { fold } from '@app/domain';
@Module({})
class AppModule {}
async function main() { const app = await NestFactory.create(AppModule); console.log(typeof fold); await app.listen(3999); await app.close(); }
void main();
