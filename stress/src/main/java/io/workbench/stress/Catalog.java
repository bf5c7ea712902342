package io.workbench.stress;

import static io.workbench.stress.callback.mutant.CallbackBug.ABORT_COMPLETES_WITHOUT_WAITING;
import static io.workbench.stress.callback.mutant.CallbackBug.ABORT_READ_THEN_WRITE;
import static io.workbench.stress.callback.mutant.CallbackBug.CLOSE_AFTER_ABORT_NOT_FINAL;
import static io.workbench.stress.callback.mutant.CallbackBug.COMPLETION_IGNORES_ABORTING;
import static io.workbench.stress.callback.mutant.CallbackBug.FAILED_READ_THEN_WRITE;
import static io.workbench.stress.callback.mutant.CallbackBug.LOST_WAKEUP_ON_IDLE;
import static io.workbench.stress.callback.mutant.CallbackBug.NO_CALLED_STATE;
import static io.workbench.stress.callback.mutant.CallbackBug.ON_ABORTED_DURING_PROCESS;
import static io.workbench.stress.callback.mutant.CallbackBug.PROCESS_AFTER_ON_SUCCESS_ABORT;
import static io.workbench.stress.callback.mutant.CallbackBug.REPROCESS_KEPT_ON_SCHEDULED;
import static io.workbench.stress.callback.mutant.CallbackBug.RESET_BEFORE_COMPLETION;

import io.workbench.stress.callback.AbortRacesAbort;
import io.workbench.stress.callback.AbortRacesClose;
import io.workbench.stress.callback.AbortRacesIdleProcess;
import io.workbench.stress.callback.AbortRacesOnSuccess;
import io.workbench.stress.callback.AbortRacesPendingFailed;
import io.workbench.stress.callback.AbortRacesPendingSucceeded;
import io.workbench.stress.callback.AbortRacesScheduledProcess;
import io.workbench.stress.callback.AbortRacesSucceededProcess;
import io.workbench.stress.callback.CloseRacesPendingCompletion;
import io.workbench.stress.callback.FailedRacesScheduled;
import io.workbench.stress.callback.FailedRacesSucceeded;
import io.workbench.stress.callback.IterateRacesIdle;
import io.workbench.stress.callback.IterateRacesScheduled;
import io.workbench.stress.callback.ResetRacesLateSucceeded;
import io.workbench.stress.callback.SucceededRacesScheduled;
import io.workbench.stress.callback.mutant.CallbackBug;
import io.workbench.stress.client.exchange.FailRacesTimeout;
import io.workbench.stress.client.exchange.LateFailRacesReuse;
import io.workbench.stress.client.exchange.ResponseRacesClose;
import io.workbench.stress.client.exchange.mutant.HttpExchangeBug;
import io.workbench.stress.client.queue.ClaimRacesClaim;
import io.workbench.stress.client.queue.ClaimRacesShut;
import io.workbench.stress.client.queue.SendRacesClose;
import io.workbench.stress.client.queue.mutant.ExchangeQueueBug;
import io.workbench.stress.harness.Machine;
import io.workbench.stress.io.fill.FillableRacesFail;
import io.workbench.stress.io.fill.RegisterRacesClose;
import io.workbench.stress.io.fill.RegisterRacesRegister;
import io.workbench.stress.io.fill.ReregisterRacesFillable;
import io.workbench.stress.io.fill.mutant.FillInterestBug;
import io.workbench.stress.io.write.CompleteWriteRacesFail;
import io.workbench.stress.io.write.CompleteWriteRacesPartialWrite;
import io.workbench.stress.io.write.CompleteWriteRacesWrite;
import io.workbench.stress.io.write.FailRacesFail;
import io.workbench.stress.io.write.PartialWriteRacesFail;
import io.workbench.stress.io.write.WriteRacesWrite;
import io.workbench.stress.io.write.mutant.WriteFlusherBug;
import io.workbench.stress.selector.LateClaimRacesSelected;
import io.workbench.stress.selector.RevertRacesClaim;
import io.workbench.stress.selector.SubmitRacesSelect;
import io.workbench.stress.selector.SubmitRacesSubmit;
import io.workbench.stress.selector.interest.ChangeRacesChange;
import io.workbench.stress.selector.interest.ChangeRacesSelected;
import io.workbench.stress.selector.interest.ChangeRacesUpdate;
import io.workbench.stress.selector.interest.mutant.InterestBug;
import io.workbench.stress.selector.alarm.ArmRacesSleep;
import io.workbench.stress.selector.alarm.EarlierArmRacesSleep;
import io.workbench.stress.selector.alarm.FireRacesArm;
import io.workbench.stress.selector.alarm.mutant.AlarmBug;
import io.workbench.stress.selector.mutant.WakeupBug;
import io.workbench.stress.selector.shut.CloseRacesClose;
import io.workbench.stress.selector.shut.ShutdownOutputRacesEndOfInput;
import io.workbench.stress.selector.shut.mutant.ShutBug;
import io.workbench.stress.server.handling.CompletedRacesCompleted;
import io.workbench.stress.server.handling.HandledRacesCompleted;
import io.workbench.stress.server.handling.mutant.HandlingBug;
import io.workbench.stress.server.held.AwaitRacesWritten;
import io.workbench.stress.server.held.CarryRacesCarry;
import io.workbench.stress.server.held.DropRacesWritten;
import io.workbench.stress.server.held.HoldRacesWritten;
import io.workbench.stress.server.held.mutant.HeldBug;
import io.workbench.stress.thread.HandedOffRacesProduce;
import io.workbench.stress.thread.ProduceRacesIdle;
import io.workbench.stress.thread.ProduceRacesProduce;
import io.workbench.stress.thread.TakeBackRacesProduce;
import io.workbench.stress.thread.mutant.ProducerBug;
import io.workbench.stress.thread.pool.RetireRacesRetire;
import io.workbench.stress.thread.pool.StartRacesRetire;
import io.workbench.stress.thread.pool.StartRacesStart;
import io.workbench.stress.thread.pool.mutant.ThreadCountBug;
import io.workbench.stress.trace.FullOfferRacesDrain;
import io.workbench.stress.trace.OfferRacesOffer;
import io.workbench.stress.trace.PublishRacesDrain;
import io.workbench.stress.trace.mutant.TraceRingBug;
import java.util.List;

/**
 * Every state machine the stress module proves: its jcstress tests, and its mutants each with the
 * tests that must catch it. This is the one place a new machine is registered; the harness, the
 * CI check and {@code ./workbench stress} take everything from here. Each mutant is generated at
 * build time from iocore's current source of the machine and the mutant's edits in
 * {@code src/main/mutants/<machine>.mutants} ({@link io.workbench.stress.build.MutantGenerator}).
 *
 * <p>The rule, checked by CatalogTest: every test of a machine must catch at least one of its
 * mutants, every mutant must be caught by at least one test, and every jcstress test in a
 * machine's package must be registered.
 */
public final class Catalog {

    public static final List<Machine> MACHINES = List.of(
            Machine.named(CallbackBug.MACHINE)
                    .tests(SucceededRacesScheduled.class, FailedRacesScheduled.class, FailedRacesSucceeded.class,
                            IterateRacesIdle.class, IterateRacesScheduled.class,
                            AbortRacesIdleProcess.class, AbortRacesScheduledProcess.class, AbortRacesSucceededProcess.class,
                            AbortRacesPendingSucceeded.class, AbortRacesPendingFailed.class, AbortRacesClose.class,
                            AbortRacesAbort.class, CloseRacesPendingCompletion.class, ResetRacesLateSucceeded.class,
                            AbortRacesOnSuccess.class)
                    .mutant(NO_CALLED_STATE, SucceededRacesScheduled.class, FailedRacesScheduled.class)
                    .mutant(LOST_WAKEUP_ON_IDLE, IterateRacesIdle.class)
                    .mutant(REPROCESS_KEPT_ON_SCHEDULED, IterateRacesScheduled.class)
                    .mutant(ABORT_READ_THEN_WRITE, AbortRacesAbort.class, AbortRacesSucceededProcess.class)
                    .mutant(FAILED_READ_THEN_WRITE, FailedRacesSucceeded.class, AbortRacesPendingFailed.class)
                    .mutant(ABORT_COMPLETES_WITHOUT_WAITING, AbortRacesScheduledProcess.class, AbortRacesClose.class)
                    .mutant(ON_ABORTED_DURING_PROCESS, AbortRacesIdleProcess.class, AbortRacesSucceededProcess.class)
                    .mutant(COMPLETION_IGNORES_ABORTING, AbortRacesPendingSucceeded.class, CloseRacesPendingCompletion.class)
                    .mutant(CLOSE_AFTER_ABORT_NOT_FINAL, AbortRacesClose.class)
                    .mutant(RESET_BEFORE_COMPLETION, ResetRacesLateSucceeded.class)
                    .mutant(PROCESS_AFTER_ON_SUCCESS_ABORT, AbortRacesOnSuccess.class)
                    .build(),
            Machine.named(WriteFlusherBug.MACHINE)
                    .tests(PartialWriteRacesFail.class, CompleteWriteRacesFail.class, WriteRacesWrite.class,
                            CompleteWriteRacesPartialWrite.class, FailRacesFail.class, CompleteWriteRacesWrite.class)
                    .mutant(WriteFlusherBug.FAILURE_AFTER_STATE, PartialWriteRacesFail.class, FailRacesFail.class)
                    .mutant(WriteFlusherBug.ONFAIL_READ_THEN_WRITE, CompleteWriteRacesFail.class, FailRacesFail.class)
                    .mutant(WriteFlusherBug.FIELDS_AFTER_PENDING, CompleteWriteRacesPartialWrite.class)
                    .mutant(WriteFlusherBug.WRITE_FROM_PENDING, WriteRacesWrite.class)
                    .mutant(WriteFlusherBug.COMPLETE_WRITE_WHILE_WRITING, CompleteWriteRacesWrite.class)
                    .mutant(WriteFlusherBug.GATHER_REMAINDER_LOST, CompleteWriteRacesPartialWrite.class)
                    .build(),
            Machine.named(FillInterestBug.MACHINE)
                    .tests(FillableRacesFail.class, RegisterRacesRegister.class, RegisterRacesClose.class,
                            ReregisterRacesFillable.class)
                    .mutant(FillInterestBug.REGISTER_READ_THEN_WRITE, RegisterRacesRegister.class)
                    .mutant(FillInterestBug.REGISTER_PUBLISHED_LAZILY, RegisterRacesClose.class)
                    .mutant(FillInterestBug.FILLABLE_READ_THEN_CLEAR, FillableRacesFail.class, ReregisterRacesFillable.class)
                    .mutant(FillInterestBug.ONFAIL_READ_THEN_CLEAR, FillableRacesFail.class, RegisterRacesClose.class)
                    .build(),
            Machine.named(WakeupBug.MACHINE)
                    .tests(SubmitRacesSelect.class, SubmitRacesSubmit.class, LateClaimRacesSelected.class,
                            RevertRacesClaim.class)
                    .mutant(WakeupBug.SELECTING_STORE_RELEASE, SubmitRacesSelect.class)
                    .mutant(WakeupBug.QUEUE_CHECKED_FIRST, SubmitRacesSelect.class)
                    .mutant(WakeupBug.CLAIM_WITHOUT_CAS, SubmitRacesSubmit.class)
                    .mutant(WakeupBug.SELECTED_WITHOUT_FALLBACK, LateClaimRacesSelected.class)
                    .mutant(WakeupBug.REVERT_WITHOUT_FALLBACK, RevertRacesClaim.class)
                    .build(),
            Machine.named(AlarmBug.MACHINE)
                    .tests(ArmRacesSleep.class, EarlierArmRacesSleep.class, FireRacesArm.class)
                    .mutant(AlarmBug.PLAN_WITHOUT_RECHECK, ArmRacesSleep.class, EarlierArmRacesSleep.class)
                    .mutant(AlarmBug.ARM_IGNORES_FOREVER, ArmRacesSleep.class)
                    .mutant(AlarmBug.FIRE_WITHOUT_CAS, FireRacesArm.class)
                    .build(),
            Machine.named(ProducerBug.MACHINE)
                    .tests(ProduceRacesProduce.class, ProduceRacesIdle.class, HandedOffRacesProduce.class,
                            TakeBackRacesProduce.class)
                    .mutant(ProducerBug.PRODUCE_READ_THEN_WRITE, ProduceRacesProduce.class)
                    .mutant(ProducerBug.IDLE_IGNORES_REPRODUCE, ProduceRacesIdle.class)
                    .mutant(ProducerBug.RESUME_READ_THEN_WRITE, HandedOffRacesProduce.class)
                    .mutant(ProducerBug.HANDOFF_TO_IDLE, HandedOffRacesProduce.class)
                    .mutant(ProducerBug.HANDOFF_DROPS_REPRODUCE, TakeBackRacesProduce.class)
                    .build(),
            Machine.named(InterestBug.MACHINE)
                    .tests(ChangeRacesChange.class, ChangeRacesUpdate.class, ChangeRacesSelected.class)
                    .mutant(InterestBug.CHANGE_WITHOUT_CAS, ChangeRacesChange.class)
                    .mutant(InterestBug.UPDATE_CLEARS_AFTER_APPLYING, ChangeRacesUpdate.class)
                    .mutant(InterestBug.UPDATE_WITHOUT_CAS, ChangeRacesUpdate.class)
                    .mutant(InterestBug.SELECTED_WITHOUT_CAS, ChangeRacesSelected.class)
                    .build(),
            Machine.named(ShutBug.MACHINE)
                    .tests(CloseRacesClose.class, ShutdownOutputRacesEndOfInput.class)
                    .mutant(ShutBug.SHUT_WITHOUT_CAS, CloseRacesClose.class)
                    .mutant(ShutBug.CLOSE_IGNORES_CLOSED, CloseRacesClose.class)
                    .mutant(ShutBug.OUTPUT_CHECKS_INPUT_FIRST, ShutdownOutputRacesEndOfInput.class)
                    .build(),
            Machine.named(ThreadCountBug.MACHINE)
                    .tests(StartRacesStart.class, RetireRacesRetire.class, StartRacesRetire.class)
                    .mutant(ThreadCountBug.START_READ_THEN_WRITE, StartRacesStart.class)
                    .mutant(ThreadCountBug.START_CHECK_THEN_ACT, StartRacesStart.class)
                    .mutant(ThreadCountBug.RETIRE_READ_THEN_WRITE, RetireRacesRetire.class, StartRacesRetire.class)
                    .mutant(ThreadCountBug.RETIRE_CHECK_THEN_ACT, RetireRacesRetire.class)
                    .build(),
            Machine.named(ExchangeQueueBug.MACHINE)
                    .tests(SendRacesClose.class, ClaimRacesShut.class, ClaimRacesClaim.class)
                    .mutant(ExchangeQueueBug.CLAIM_READ_THEN_WRITE, ClaimRacesShut.class, ClaimRacesClaim.class)
                    .mutant(ExchangeQueueBug.SHUT_READ_THEN_WRITE, SendRacesClose.class)
                    .mutant(ExchangeQueueBug.CLOSED_BEFORE_FAILURE, SendRacesClose.class)
                    .build(),
            Machine.named(HttpExchangeBug.MACHINE)
                    .tests(ResponseRacesClose.class, FailRacesTimeout.class, LateFailRacesReuse.class)
                    .mutant(HttpExchangeBug.COMPLETE_WITHOUT_CAS, FailRacesTimeout.class)
                    .mutant(HttpExchangeBug.SEQUENCE_NOT_CHECKED, LateFailRacesReuse.class)
                    .mutant(HttpExchangeBug.FAILURE_BEFORE_CAS, ResponseRacesClose.class)
                    .build(),
            Machine.named(HandlingBug.MACHINE)
                    .tests(HandledRacesCompleted.class, CompletedRacesCompleted.class)
                    .mutant(HandlingBug.HANDLED_WITHOUT_CAS, HandledRacesCompleted.class)
                    .mutant(HandlingBug.COMPLETED_WITHOUT_CAS, CompletedRacesCompleted.class)
                    .mutant(HandlingBug.COMPLETION_CARRIES_ON_AT_ONCE, HandledRacesCompleted.class)
                    .mutant(HandlingBug.HANDLED_YIELDS_TO_COMPLETER, HandledRacesCompleted.class)
                    .build(),
            Machine.named(HeldBug.MACHINE)
                    .tests(CarryRacesCarry.class, DropRacesWritten.class, AwaitRacesWritten.class, HoldRacesWritten.class)
                    .mutant(HeldBug.DROP_WHILE_CARRIED, DropRacesWritten.class)
                    .mutant(HeldBug.CARRY_WITHOUT_CAS, CarryRacesCarry.class)
                    .mutant(HeldBug.AWAIT_WITHOUT_CAS, AwaitRacesWritten.class)
                    .mutant(HeldBug.WRITTEN_RELEASES_AFTER_CAS, HoldRacesWritten.class)
                    .build(),
            Machine.named(TraceRingBug.MACHINE)
                    .tests(OfferRacesOffer.class, PublishRacesDrain.class, FullOfferRacesDrain.class)
                    .mutant(TraceRingBug.CLAIM_READ_THEN_WRITE, OfferRacesOffer.class)
                    .mutant(TraceRingBug.ROOM_CHECKED_ONCE, OfferRacesOffer.class)
                    .mutant(TraceRingBug.DROP_KEEPS_CLAIM, OfferRacesOffer.class)
                    .mutant(TraceRingBug.PUBLISHED_BEFORE_WRITTEN, PublishRacesDrain.class)
                    .mutant(TraceRingBug.FREED_BEFORE_READ, FullOfferRacesDrain.class)
                    .build());

    private Catalog() {
    }
}
